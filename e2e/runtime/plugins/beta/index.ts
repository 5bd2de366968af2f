import { definePlugin } from '@core/plugin/PluginManifest';

/** Test product gated by the neutrino prefix. */
export const betaPlugin = definePlugin({
  id: 'beta',
  title: 'Beta',
  kind: 'product',
  prefixes: ['ntr'],
  requires: ['ntr'],
  routes: [{ path: '', page: () => import('./pages/BetaPage') }],
  product: { name: 'Beta', order: 2 },
});
