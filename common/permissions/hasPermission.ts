import { parsePermission, type PermissionMode } from './parsePermission';

/**
 * Generic permission helpers: the derived checks of spec §6 are built on them, one file per
 * product area beside this one (gluonAccess, userAccess, monitoringAccess, …). A `rw` permission
 * is not assumed to imply `r` unless a check says so. Malformed strings never match.
 */
type Perms = readonly string[];

/** A valid `module#resource#mode` permission with one of `modes` is held. */
export function hasPermission(
  perms: Perms,
  module: string,
  resource: string,
  modes: readonly PermissionMode[],
): boolean {
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
