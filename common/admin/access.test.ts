import { type CheckRow, describeChecks } from '../../tests/harness/describeChecks';
import * as checks from './access';

const ADMIN = ['gln#rpt#rw', 'gln#cfg#rw', 'gln#fl#rw'];

const tables: Record<string, CheckRow[]> = {
  canWriteUsers: [
    ['umg#usr#rw', ['umg#usr#rw'], true],
    ['umg#usr#r only', ['umg#usr#r'], false],
    ['umg#usr#w only', ['umg#usr#w'], false],
    ['admin without umg', ADMIN, false],
    ['nothing', [], false],
  ],
  hasUserManagementAccess: [
    ['umg#usr#r', ['umg#usr#r'], true],
    ['umg#usr#w', ['umg#usr#w'], true],
    ['umg#usr#rw', ['umg#usr#rw'], true],
    ['inspection admin', ADMIN, true],
    ['other umg resource', ['umg#otp#r'], false],
    ['partial admin', ['gln#rpt#rw', 'gln#cfg#rw'], false],
    ['nothing', [], false],
  ],
  isAnyUser: [
    ['one permission', ['mnt#rsc#w'], true],
    ['nothing', [], false],
  ],
};

// Malformed strings: every check is false except isAnyUser, which counts strings, not their form.
describeChecks(checks, tables, (name) => name === 'isAnyUser');
