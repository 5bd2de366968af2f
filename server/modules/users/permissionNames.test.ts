import { describe, expect, it } from 'vitest';

import { parsePermission } from '@common/permissions/parsePermission';
import { RESOURCE_NAMES } from '@common/permissions/permissionNames';

import { ALL_PERMISSIONS } from '../../services/users';

/** The editor's grid (GET /um/permissions) names every resource in words: none falls back to its code. */
describe('permission catalogue names', () => {
  it.each(ALL_PERMISSIONS.map((p) => [p]))('%s has a name', (permission) => {
    const p = parsePermission(permission);
    expect(p).not.toBeNull();
    expect(RESOURCE_NAMES[`${p!.module}#${p!.resource}`]).toBeTruthy();
  });
});
