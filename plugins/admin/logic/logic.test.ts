import { describe, expect, it } from 'vitest';

import { catalogueGrid } from './catalogueGrid';
import { DERIVED_CHECKS, PRESETS } from './derivedChecks';
import { emailError, permissionsError } from './validators';

const check = (id: string) => DERIVED_CHECKS.find((c) => c.id === id)!;

describe('derived checks (spec §6)', () => {
  it.each<[string, string[], boolean]>([
    ['userWrite', ['umg#usr#rw'], true],
    ['userWrite', ['umg#usr#r'], false],
    ['userAccess', ['umg#usr#w'], true],
    ['userAccess', ['gln#rpt#rw', 'gln#cfg#rw', 'gln#fl#rw'], true],
    ['userAccess', ['gln#rpt#rw'], false],
    ['uploader', ['gln#upl#rw'], true],
    ['uploader', ['gln#upl#rw', 'gln#rpt#rw', 'gln#cfg#rw', 'gln#fl#rw'], false],
    ['uploader', ['gln#suv#r', 'gln#sdv#r', 'gln#pdv#r'], true],
    ['basicUploader', ['gln#suv#r', 'gln#sdv#r'], false],
    ['monitoringAccess', ['mnt#rpt#rw'], true],
    ['monitoringAccess', ['mnt#rpt#r'], false],
    ['newInspection', ['gln#ext#w'], true],
    ['moduleEnabled', ['umg#usr#rw'], false],
    ['moduleEnabled', ['elc#rpt#r'], true],
  ])('%s with %j: %s', (id, perms, expected) => {
    expect(check(id).test(perms)).toBe(expected);
  });

  it('each preset satisfies the check of the same name', () => {
    for (const preset of PRESETS) expect(check(preset.id).test(preset.permissions), preset.id).toBe(true);
  });
});

describe('catalogueGrid', () => {
  it('groups by module, offers r, w, rw under an rw permission and keeps held extras', () => {
    const grid = catalogueGrid(['gln#rpt#rw', 'gln#cre#r', 'mnt#rsc#w', 'bad'], ['xyz#abc#r']);
    expect(grid.map((m) => m.module)).toEqual(['gln', 'mnt', 'xyz']);
    expect(grid[0]!.rows).toEqual([
      { module: 'gln', resource: 'rpt', modes: ['r', 'w', 'rw'] },
      { module: 'gln', resource: 'cre', modes: ['r'] },
    ]);
    expect(grid[1]!.rows[0]!.modes).toEqual(['w']);
    expect(grid[2]!.label).toBe('xyz');
  });
});

describe('validators', () => {
  it.each<[string, string | undefined]>([
    ['', 'Email is required'],
    ['not-an-email', 'Please enter a valid email address'],
    [`${'a'.repeat(250)}@b.example`, 'The e-mail address is longer than 254 characters.'],
    [' colleague@example.com ', undefined],
  ])('email %j: %s', (value, expected) => {
    expect(emailError(value)).toBe(expected);
  });

  it('permission syntax as the API checks it', () => {
    expect(permissionsError(['gln#rpt#rw', 'umg#usr#r'])).toBeUndefined();
    expect(permissionsError(['gln#rpt#x', 'GLN#rpt#r'])).toBe(
      'Not of the form module#resource#mode: gln#rpt#x, GLN#rpt#r',
    );
  });
});

describe('derived checks in words', () => {
  it('each is named by what it lets the user do, the codes only in its rule (the tooltip)', () => {
    for (const check of DERIVED_CHECKS) {
      expect(check.label, check.id).not.toMatch(/#|\b(read|write|access|admin|enabled)$/i);
      expect(check.rule, check.id).toMatch(/#/);
    }
    expect(new Set(DERIVED_CHECKS.map((c) => c.label)).size).toBe(DERIVED_CHECKS.length);
  });
});
