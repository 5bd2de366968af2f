import { describe, expect, it } from 'vitest';
import * as checks from './checks';

const ADMIN = ['gln#rpt#rw', 'gln#cfg#rw', 'gln#fl#rw'];
type Row = [label: string, perms: string[], expected: boolean];

describe('hasPrefix', () => {
  it.each<[string[], string, boolean]>([
    [['gln#fl#r'], 'gln', true],
    [['gln#fl#r'], 'gln#', true],
    [['elc#dev#r'], 'gln', false],
    [['glnx#fl#r'], 'gln', false],
    [['gln#bad'], 'gln', false],
    [[], 'gln', false],
  ])('%j has prefix %s: %s', (perms, prefix, expected) => {
    expect(checks.hasPrefix(perms, prefix)).toBe(expected);
  });
});

const tables: Record<string, Row[]> = {
  canWriteUsers: [
    ['umg#usr#rw', ['umg#usr#rw'], true],
    ['umg#usr#r only', ['umg#usr#r'], false],
    ['umg#usr#w only', ['umg#usr#w'], false],
    ['admin without umg', ADMIN, false],
    ['nothing', [], false],
  ],
  hasUserManagementAccess: [
    ['umg#usr#r', ['umg#usr#r'], true],
    ['umg#usr#rw', ['umg#usr#rw'], true],
    ['inspection admin', ADMIN, true],
    ['other umg resource', ['umg#otp#r'], false],
    ['partial admin', ['gln#rpt#rw', 'gln#cfg#rw'], false],
  ],
  isInspectionAdmin: [
    ['all three rw', ADMIN, true],
    ['all three plus more', [...ADMIN, 'elc#dev#r'], true],
    ['missing fl', ['gln#rpt#rw', 'gln#cfg#rw'], false],
    ['fl read only', ['gln#rpt#rw', 'gln#cfg#rw', 'gln#fl#r'], false],
    ['nothing', [], false],
  ],
  canDownloadFiles: [
    ['fl r', ['gln#fl#r'], true],
    ['fl rw', ['gln#fl#rw'], true],
    ['admin', ADMIN, true],
    ['fl w only', ['gln#fl#w'], false],
    ['other module', ['elc#fl#r'], false],
  ],
  canReadConfig: [
    ['cfg r', ['gln#cfg#r'], true],
    ['cfg rw', ['gln#cfg#rw'], true],
    ['cfg w', ['gln#cfg#w'], false],
    ['nothing', [], false],
  ],
  canWriteConfig: [
    ['cfg w', ['gln#cfg#w'], true],
    ['cfg rw', ['gln#cfg#rw'], true],
    ['cfg r', ['gln#cfg#r'], false],
    ['mnt cfg rw', ['mnt#cfg#rw'], false],
  ],
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
  hasCrashExplorer: [
    ['cre r', ['gln#cre#r'], true],
    ['cre rw', ['gln#cre#rw'], false],
    ['pre r', ['gln#pre#r'], false],
  ],
  hasProcessExplorer: [
    ['pre r', ['gln#pre#r'], true],
    ['cre r', ['gln#cre#r'], false],
    ['nothing', [], false],
  ],
  canRescan: [
    ['rsn r', ['gln#rsn#r'], true],
    ['rsn w', ['gln#rsn#w'], false],
    ['nothing', [], false],
  ],
  isBasicUploader: [
    ['suv sdv pdv', ['gln#suv#r', 'gln#sdv#r', 'gln#pdv#r'], true],
    ['missing pdv', ['gln#suv#r', 'gln#sdv#r'], false],
    ['with admin', ['gln#suv#r', 'gln#sdv#r', 'gln#pdv#r', ...ADMIN], false],
    ['nothing', [], false],
  ],
  isUploader: [
    ['upl rw', ['gln#upl#rw'], true],
    ['basic uploader', ['gln#suv#r', 'gln#sdv#r', 'gln#pdv#r'], true],
    ['upl rw but admin', ['gln#upl#rw', ...ADMIN], false],
    ['upl w', ['gln#upl#w'], false],
    ['nothing', [], false],
  ],
  hasNewInspectionAccess: [
    ['fl w', ['gln#fl#w'], true],
    ['fl rw', ['gln#fl#rw'], true],
    ['upl w', ['gln#upl#w'], true],
    ['upl rw', ['gln#upl#rw'], true],
    ['ext w', ['gln#ext#w'], true],
    ['ext rw', ['gln#ext#rw'], true],
    ['read only', ['gln#fl#r', 'gln#upl#r', 'gln#ext#r'], false],
    ['nothing', [], false],
  ],
  isModuleEnabled: [
    ['gln', ['gln#fl#r'], true],
    ['elc', ['elc#dev#r'], true],
    ['ntr', ['ntr#x#rw'], true],
    ['mnt only', ['mnt#cfg#rw'], false],
    ['umg only', ['umg#usr#rw'], false],
    ['nothing', [], false],
  ],
  isSaasVariant: [
    ['no explorer permissions', ['gln#fl#r'], true],
    ['nothing', [], true],
    ['crash explorer', ['gln#cre#r'], false],
    ['process explorer', ['gln#pre#r'], false],
    ['rescan', ['gln#rsn#r'], false],
  ],
};

type CheckName = keyof typeof tables;

describe.each(Object.keys(tables) as CheckName[])('%s', (name) => {
  const check = (checks as unknown as Record<string, (perms: readonly string[]) => boolean>)[name]!;
  it('is exported as a function', () => {
    expect(typeof check).toBe('function');
  });
  it.each(tables[name]!)('%s -> %s', (_label, perms, expected) => {
    expect(check(perms)).toBe(expected);
  });
  it('ignores malformed permission strings', () => {
    expect(check(['not-a-permission', 'gln#', '##'])).toBe(name === 'isSaasVariant');
  });
});
