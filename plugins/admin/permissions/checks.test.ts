import { describe, expect, it } from 'vitest';
import * as checks from './checks';

const ADMIN = ['gln#rpt#rw', 'gln#cfg#rw', 'gln#fl#rw'];
type Row = [label: string, perms: string[], expected: boolean];

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
