import { describe, expect, it } from 'vitest';

import * as checks from './hasPermission';
import type { PermissionMode } from './parsePermission';

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

describe('hasPermission', () => {
  it.each<[string[], PermissionMode[], boolean]>([
    [['abc#res#r'], ['r'], true],
    [['abc#res#rw'], ['r', 'rw'], true],
    [['abc#res#rw'], ['r'], false],
    [['abc#res#w'], ['r', 'rw'], false],
    [['abc#other#r'], ['r'], false],
    [['xyz#res#r'], ['r'], false],
    [['abc#res#r#x', 'abc#res', '##'], ['r'], false],
    [[], ['r', 'w', 'rw'], false],
  ])('%j with modes %j: %s', (perms, modes, expected) => {
    expect(checks.hasPermission(perms, 'abc', 'res', modes)).toBe(expected);
  });
});
