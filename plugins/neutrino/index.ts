import { definePlugin } from '@core/plugin/PluginManifest';

/** Neutrino: everything under /neutrino. Only this manifest is imported by the host; the page is a lazy chunk. */
export const neutrinoPlugin = definePlugin({
  id: 'neutrino',
  title: 'Neutrino',
  kind: 'product',
  requires: ['ntr'],
  routes: [{ path: '', page: () => import('./pages/NeutrinoPage') }],
  product: { name: 'Neutrino', order: 20 },
});
