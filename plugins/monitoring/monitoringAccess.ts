import { canConfigureMonitoring, canManageMonitoringResources, canViewMonitoring } from '@common/monitoring/access';

/** What monitoring's pages show or hide, for `useAccess(monitoringAccess)`: the checks the API applies (common/monitoring/access). */
export const monitoringAccess = {
  /** Overview, alerts, device risk: without it a `mnt#` user sees a notice and nothing is asked. */
  view: canViewMonitoring,
  /** Settings (rules, recipients, silences), muting an alert. */
  configure: canConfigureMonitoring,
  /** Device groups and watch lists: the monitoring admin only. */
  manageResources: canManageMonitoringResources,
} as const;
