import { hasPermission } from '@core/permissions/checks';

/** User management's derived checks of spec §6 (the `umg` prefix, which this plugin declares). */
type Perms = readonly string[];

/** User write: umg#usr#rw. */
export function canWriteUsers(perms: Perms): boolean {
  return hasPermission(perms, 'umg', 'usr', ['rw']);
}

/**
 * Any user-management access: any umg#usr# permission, or full inspection admin (gln#rpt#rw,
 * gln#cfg#rw and gln#fl#rw together). The admin rule is restated from the permission strings
 * rather than imported from gluon: plugins never import each other.
 */
export function hasUserManagementAccess(perms: Perms): boolean {
  const inspectionAdmin = (['rpt', 'cfg', 'fl'] as const).every((resource) => hasPermission(perms, 'gln', resource, ['rw']));
  return hasPermission(perms, 'umg', 'usr', ['r', 'w', 'rw']) || inspectionAdmin;
}
