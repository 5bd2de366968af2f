import { type CheckRow, describeChecks } from '../../tests/harness/describeChecks';
import * as checks from './access';

const tables: Record<string, CheckRow[]> = {
  isMonitoringAdmin: [
    ['rsc w', ['mnt#rsc#w'], true],
    ['rsc r', ['mnt#rsc#r'], false],
    ['gln rsc w', ['gln#rsc#w'], false],
    ['nothing', [], false],
  ],
  hasMonitoringAccess: [
    ['cfg rw', ['mnt#cfg#rw'], true],
    ['rpt rw', ['mnt#rpt#rw'], true],
    ['cfg r', ['mnt#cfg#r'], false],
    ['rsc w', ['mnt#rsc#w'], false],
  ],
  canViewMonitoring: [
    ['cfg rw', ['mnt#cfg#rw'], true],
    ['rpt rw', ['mnt#rpt#rw'], true],
    ['admin', ['mnt#rsc#w'], true],
    ['rpt r', ['mnt#rpt#r'], false],
    ['gln rpt rw', ['gln#rpt#rw'], false],
  ],
  canConfigureMonitoring: [
    ['cfg rw', ['mnt#cfg#rw'], true],
    ['admin', ['mnt#rsc#w'], true],
    ['rpt rw', ['mnt#rpt#rw'], false],
    ['cfg r', ['mnt#cfg#r'], false],
  ],
  canManageMonitoringResources: [
    ['admin', ['mnt#rsc#w'], true],
    ['cfg rw', ['mnt#cfg#rw'], false],
    ['rpt rw', ['mnt#rpt#rw'], false],
  ],
};

// Malformed strings: every check is false.
describeChecks(checks, tables);
