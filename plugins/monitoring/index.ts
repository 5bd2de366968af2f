import { definePlugin } from '@core/plugin/PluginManifest';

/** Monitoring: everything under /monitoring. Only this manifest is imported by the host; the page is a lazy chunk. */
export const monitoringPlugin = definePlugin({
  id: 'monitoring',
  title: 'Monitoring',
  kind: 'product',
  prefixes: ['mnt'],
  requires: ['mnt'],
  routes: [{ path: '', page: () => import('./pages/MonitoringPage') }],
  product: { name: 'Monitoring', order: 40 },
  // Not a suite module (spec §6 "module enabled" is gln, elc, ntr): users with only mnt land here.
  landing: { rank: 40 },
});
