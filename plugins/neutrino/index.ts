import { definePlugin } from '@core/plugin/PluginManifest';

/** Neutrino: everything under /neutrino. Only this manifest is imported by the host; the page is a lazy chunk. */
export const neutrinoPlugin = definePlugin({
  id: 'neutrino',
  title: 'Neutrino',
  kind: 'product',
  prefixes: ['ntr'],
  requires: ['ntr'],
  routes: [{ path: '', page: () => import('./pages/NeutrinoPage') }],
  // Spec §1: the products header shows when neutrino is enabled.
  product: { name: 'Neutrino', order: 20, showsProductsHeader: true },
  landing: { rank: 20, suite: true },
});
