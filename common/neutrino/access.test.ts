import { type CheckRow, describeChecks } from '../../tests/harness/describeChecks';
import * as checks from './access';

const tables: Record<string, CheckRow[]> = {
  canHunt: [
    ['hnt r', ['ntr#hnt#r'], true],
    ['hnt rw', ['ntr#hnt#rw'], true],
    ['hnt w (saves, never reads)', ['ntr#hnt#w'], false],
    ['neutrino reports', ['ntr#rpt#rw'], false],
    ['gluon reports', ['gln#rpt#rw'], false],
    ['nothing', [], false],
  ],
  canSaveHunts: [
    ['hnt rw', ['ntr#hnt#rw'], true],
    ['hnt r', ['ntr#hnt#r'], false],
    ['hnt w', ['ntr#hnt#w'], false],
    ['gluon admin', ['gln#rpt#rw', 'gln#cfg#rw', 'gln#fl#rw'], false],
  ],
  canSweepIntoRuleSet: [
    ['hunt and gluon config rw', ['ntr#hnt#r', 'gln#cfg#rw'], true],
    ['hunt and gluon config w', ['ntr#hnt#rw', 'gln#cfg#w'], true],
    ['hunt and gluon config r', ['ntr#hnt#r', 'gln#cfg#r'], false],
    ['gluon config alone', ['gln#cfg#rw'], false],
    ['hunt alone', ['ntr#hnt#rw'], false],
  ],
  canOpenHuntDevice: [
    ['hunt and gluon reports', ['ntr#hnt#r', 'gln#rpt#r'], true],
    ['hunt alone (sees devices only through hunts)', ['ntr#hnt#rw'], false],
    ['hunt and an uploader', ['ntr#hnt#r', 'gln#rpt#r', 'gln#upl#rw'], false],
    ['gluon reports alone', ['gln#rpt#rw'], false],
  ],
};

// Malformed strings: every check is false.
describeChecks(checks, tables);
