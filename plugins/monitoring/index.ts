import { definePlugin } from '@core/plugin/PluginManifest';

/** Monitoring: everything under /monitoring. Only this manifest is imported by the host; the page is a lazy chunk. */
export const monitoringPlugin = definePlugin({
  id: 'monitoring',
  title: 'Monitoring',
  kind: 'product',
  requires: ['mnt'],
  routes: [{ path: '', page: () => import('./pages/MonitoringPage') }],
  product: { name: 'Monitoring', order: 40 },
});
