import { canConfigureMonitoring } from '@common/monitoring/access';
import { definePlugin } from '@core/plugin/PluginManifest';

/** Monitoring: everything under /monitoring. Only this manifest is imported by the host; pages, services and chart.js are lazy chunks. */
export const monitoringPlugin = definePlugin({
  id: 'monitoring',
  title: 'Monitoring',
  kind: 'product',
  prefixes: ['mnt'],
  requires: ['mnt'],
  routes: [
    { path: '', page: () => import('./pages/MonitoringPage') },
    { path: 'alerts', page: () => import('./pages/AlertsPage') },
    // Spec §6: rules and recipients need mnt#cfg#rw or the monitoring admin; others go to the overview.
    {
      path: 'settings',
      page: () => import('./pages/SettingsPage'),
      guard: ({ perms }) => canConfigureMonitoring(perms) || '/monitoring',
    },
  ],
  product: { name: 'Monitoring', order: 40 },
  // Not a suite module (spec §6 "module enabled" is gln, elc, ntr): users with only mnt land here.
  landing: { rank: 40 },
  services: () => import('./services/monitoringServices').then((m) => m.monitoringServices),
});
