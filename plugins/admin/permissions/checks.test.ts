import { describeChecks, type CheckRow } from '../../../tests/harness/describeChecks';
import * as checks from './checks';

const ADMIN = ['gln#rpt#rw', 'gln#cfg#rw', 'gln#fl#rw'];

const tables: Record<string, CheckRow[]> = {
  canWriteUsers: [
    ['umg#usr#rw', ['umg#usr#rw'], true],
    ['umg#usr#r only', ['umg#usr#r'], false],
    ['umg#usr#w only', ['umg#usr#w'], false],
    ['admin without umg', ADMIN, false],
    ['nothing', [], false],
  ],
  isInspectionAdmin: [
    ['gln#rpt#rw, gln#cfg#rw and gln#fl#rw', ADMIN, true],
    ['partial admin', ['gln#rpt#rw', 'gln#cfg#rw'], false],
    ['r modes', ['gln#rpt#r', 'gln#cfg#r', 'gln#fl#r'], false],
  ],
  hasUserManagementAccess: [
    ['umg#usr#r', ['umg#usr#r'], true],
    ['umg#usr#rw', ['umg#usr#rw'], true],
    ['inspection admin', ADMIN, true],
    ['other umg resource', ['umg#otp#r'], false],
    ['partial admin', ['gln#rpt#rw', 'gln#cfg#rw'], false],
  ],
};

// Malformed strings: every check is false.
describeChecks(checks, tables);
