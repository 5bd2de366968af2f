import { hasPermission } from '@core/permissions/checks';

/** User management's derived checks of spec §6 (the `umg` prefix, which this plugin declares). */
type Perms = readonly string[];

/** User write: umg#usr#rw. */
export function canWriteUsers(perms: Perms): boolean {
  return hasPermission(perms, 'umg', 'usr', ['rw']);
}

/**
 * Inspection admin: gln#rpt#rw, gln#cfg#rw and gln#fl#rw together. Restated from the permission
 * strings rather than imported from gluon: plugins never import each other.
 */
export function isInspectionAdmin(perms: Perms): boolean {
  return (['rpt', 'cfg', 'fl'] as const).every((resource) => hasPermission(perms, 'gln', resource, ['rw']));
}

/** Any user-management access: any umg#usr# permission, or inspection admin. */
export function hasUserManagementAccess(perms: Perms): boolean {
  return hasPermission(perms, 'umg', 'usr', ['r', 'w', 'rw']) || isInspectionAdmin(perms);
}
