import { describe, expect, it } from 'vitest';
import * as checks from './checks';

type Row = [label: string, perms: string[], expected: boolean];

const tables: Record<string, Row[]> = {
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
    expect(check(['not-a-permission', 'gln#', '##'])).toBe(false);
  });
});
