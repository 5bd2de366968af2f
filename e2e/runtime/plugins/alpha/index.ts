import { definePlugin } from '@core/plugin/PluginManifest';

/** Test product gated by the electron prefix. */
export const alphaPlugin = definePlugin({
  id: 'alpha',
  title: 'Alpha',
  kind: 'product',
  prefixes: ['elc'],
  requires: ['elc'],
  routes: [{ path: '', page: () => import('./pages/AlphaPage') }],
  product: { name: 'Alpha', order: 1 },
});
