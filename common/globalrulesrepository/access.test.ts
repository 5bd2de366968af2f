import { type CheckRow, describeChecks } from '../../tests/harness/describeChecks';
import * as checks from './access';

const tables: Record<string, CheckRow[]> = {
  canReadRuleSets: [
    ['cfg r', ['gln#cfg#r'], true],
    ['cfg rw', ['gln#cfg#rw'], true],
    ['cfg w', ['gln#cfg#w'], false],
    ['another module', ['mnt#cfg#rw'], false],
    ['nothing', [], false],
  ],
  canWriteRuleSets: [
    ['cfg w', ['gln#cfg#w'], true],
    ['cfg rw', ['gln#cfg#rw'], true],
    ['cfg r', ['gln#cfg#r'], false],
    ['nothing', [], false],
  ],
};

// Malformed strings: every check is false.
describeChecks(checks, tables);
