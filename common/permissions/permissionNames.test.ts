import { describe, expect, it } from 'vitest';

import { permissionName, resourceName } from './permissionNames';

describe('permission names', () => {
  it.each([
    ['gln#rpt#r', 'Devices, incidents and reports: View'],
    ['gln#cfg#w', 'Rule sets and inspection settings: Change'],
    ['umg#usr#rw', 'Users and permissions: View and change'],
    ['mnt#rsc#w', 'Monitoring administration: Change'],
    // A resource without a name keeps its code; an unreadable permission stays as written.
    ['xyz#abc#r', 'xyz#abc: View'],
    ['not-a-permission', 'not-a-permission'],
  ])('%s reads "%s"', (permission, expected) => {
    expect(permissionName(permission)).toBe(expected);
  });

  it('names a resource, or falls back to its code', () => {
    expect(resourceName('gln', 'ext')).toBe('Collector links');
    expect(resourceName('gln', 'zzz')).toBe('gln#zzz');
  });
});
