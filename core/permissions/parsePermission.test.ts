import { describe, expect, it } from 'vitest';
import { parsePermission } from './parsePermission';

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
