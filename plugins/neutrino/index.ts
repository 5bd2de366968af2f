import { definePlugin } from '@core/plugin/PluginManifest';

/** Neutrino: fleet threat hunting under /neutrino. Only this manifest is imported by the host; pages and services are lazy chunks. */
export const neutrinoPlugin = definePlugin({
  id: 'neutrino',
  title: 'Neutrino',
  kind: 'product',
  prefixes: ['ntr'],
  requires: ['ntr'],
  routes: [
    { path: '', page: () => import('./pages/NeutrinoPage') },
    { path: 'campaigns/family/:familyId', page: () => import('./pages/CampaignPage') },
    { path: 'campaigns/indicator/:indicator', page: () => import('./pages/CampaignPage') },
  ],
  // Spec §1: the products header shows when neutrino is enabled.
  product: { name: 'Neutrino', order: 20, showsProductsHeader: true },
  landing: { rank: 20, suite: true },
  services: () => import('./services/neutrinoServices').then((m) => m.neutrinoServices),
});
