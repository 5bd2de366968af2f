import { type CheckRow, describeChecks } from '../../tests/harness/describeChecks';
import * as checks from './moduleAccess';

const tables: Record<string, CheckRow[]> = {
  isModuleEnabled: [
    ['gln', ['gln#fl#r'], true],
    ['elc', ['elc#rpt#rw'], true],
    ['ntr', ['ntr#cfg#w'], true],
    ['monitoring only', ['mnt#rsc#w'], false],
    ['user management only', ['umg#usr#rw'], false],
    ['a longer module name', ['glnx#fl#r'], false],
    ['nothing', [], false],
  ],
};

// Malformed strings (`gln#` among them): false.
describeChecks(checks, tables);
