import { definePlugin } from '@core/plugin/PluginManifest';

/** Electron: everything under /electron. Only this manifest is imported by the host; the page is a lazy chunk. */
export const electronPlugin = definePlugin({
  id: 'electron',
  title: 'Electron',
  kind: 'product',
  prefixes: ['elc'],
  requires: ['elc'],
  routes: [{ path: '', page: () => import('./pages/ElectronPage') }],
  product: { name: 'Electron', order: 30 },
  landing: { rank: 30, suite: true },
});
