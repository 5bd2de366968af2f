import { hasPermission } from '../permissions/hasPermission';

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

/** Overview, alerts (and their status), device risk: monitoring access or the monitoring admin. */
export function canViewMonitoring(perms: Perms): boolean {
  return hasMonitoringAccess(perms) || isMonitoringAdmin(perms);
}

/** Rules, recipients, silences, unsubscribed recipients, the delivery log: mnt#cfg#rw or the monitoring admin. */
export function canConfigureMonitoring(perms: Perms): boolean {
  return hasPermission(perms, 'mnt', 'cfg', ['rw']) || isMonitoringAdmin(perms);
}

/** Monitoring resources (device groups, watch lists): the monitoring admin only. */
export function canManageMonitoringResources(perms: Perms): boolean {
  return isMonitoringAdmin(perms);
}
