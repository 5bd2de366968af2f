import { hasPermission } from './hasPermission';

/** Monitoring's derived checks of spec §6 (the `mnt` prefix), pure functions of the token's permission strings. */
type Perms = readonly string[];

/** Monitoring admin: mnt#rsc#w. */
export function isMonitoringAdmin(perms: Perms): boolean {
  return hasPermission(perms, 'mnt', 'rsc', ['w']);
}

/** Monitoring access: mnt#cfg#rw or mnt#rpt#rw. */
export function hasMonitoringAccess(perms: Perms): boolean {
  return hasPermission(perms, 'mnt', 'cfg', ['rw']) || hasPermission(perms, 'mnt', 'rpt', ['rw']);
}
