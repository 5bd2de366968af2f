import { type CheckRow, describeChecks } from '../../tests/harness/describeChecks';
import * as checks from './collectorLinkAccess';

const ADMIN = ['gln#rpt#rw', 'gln#cfg#rw', 'gln#fl#rw'];

const tables: Record<string, CheckRow[]> = {
  canReadCollectorLinks: [
    ['ext r', ['gln#ext#r'], true],
    ['ext w', ['gln#ext#w'], true],
    ['admin', ADMIN, true],
    ['other resource', ['gln#fl#rw'], false],
    ['nothing', [], false],
  ],
  canWriteCollectorLinks: [
    ['ext w', ['gln#ext#w'], true],
    ['ext rw', ['gln#ext#rw'], true],
    ['admin (its fl#rw is new-inspection access)', ADMIN, true],
    ['ext r', ['gln#ext#r'], false],
    ['new-inspection access without ext', ['gln#upl#w'], false],
    ['ext r with new-inspection access', ['gln#ext#r', 'gln#fl#w'], false],
  ],
};

// Malformed strings: every check is false.
describeChecks(checks, tables);
