import { describe, expect, it } from 'vitest';

import { parsePermission, PERMISSION_PATTERN } from './parsePermission';

describe('parsePermission', () => {
  it.each([
    ['gln#fl#r', { module: 'gln', resource: 'fl', mode: 'r' }],
    ['gln#cfg#w', { module: 'gln', resource: 'cfg', mode: 'w' }],
    ['umg#usr#rw', { module: 'umg', resource: 'usr', mode: 'rw' }],
    ['mnt#rsc#w', { module: 'mnt', resource: 'rsc', mode: 'w' }],
  ])('parses %s', (value, expected) => {
    expect(parsePermission(value)).toEqual(expected);
  });

  it.each([
    ['gln#fl'],
    ['gln#fl#x'],
    ['gln#fl#wr'],
    ['gln##r'],
    ['#fl#r'],
    ['gln#fl#r#extra'],
    [''],
    ['gln fl r'],
    [42],
    [null],
  ])('rejects %s', (value) => {
    expect(parsePermission(value)).toBeNull();
  });
});

describe('PERMISSION_PATTERN (the stored form)', () => {
  const stored = new RegExp(PERMISSION_PATTERN);
  it.each([
    ['gln#rpt#rw', true],
    ['umg#usr#r', true],
    ['mnt#rsc#w', true],
    ['gln#x#r', false],
    ['GLN#rpt#r', false],
    ['glnx#rpt#r', false],
    ['gln#rpt#wr', false],
  ])('%s is stored: %s, and a stored one parses', (value, expected) => {
    expect(stored.test(value)).toBe(expected);
    if (expected) expect(parsePermission(value)).not.toBeNull();
  });
});
