import { definePlugin } from '@core/plugin/PluginManifest';

/** Administration: everything under /admin. Only this manifest is imported by the host; the page is a lazy chunk. */
export const adminPlugin = definePlugin({
  id: 'admin',
  title: 'Administration',
  kind: 'product',
  requires: ['umg'],
  routes: [{ path: '', page: () => import('./pages/AdminPage') }],
  product: { name: 'Administration', order: 50 },
});
