import type { Permission } from './PermissionsService';
import { parsePermission } from './parsePermission';

/**
 * Generic permission helpers. The derived checks of spec §6 belong to their products
 * (plugins/gluon/permissions, plugins/monitoring/permissions, plugins/admin/permissions): core
 * names no module. A `rw` permission is not assumed to imply `r` unless a check says so.
 */
type Perms = readonly string[];
export type PermissionMode = Permission['mode'];

/** A valid `module#resource#mode` permission with one of `modes` is held. */
export function hasPermission(perms: Perms, module: string, resource: string, modes: readonly PermissionMode[]): boolean {
  return perms.some((value) => {
    const p = parsePermission(value);
    return p !== null && p.module === module && p.resource === resource && modes.includes(p.mode);
  });
}

/** Any valid permission of the module, e.g. `hasPrefix(perms, 'ntr')` (a trailing `#` is allowed). */
export function hasPrefix(perms: Perms, prefix: string): boolean {
  const module = prefix.replace(/#$/, '');
  return perms.some((value) => parsePermission(value)?.module === module);
}
