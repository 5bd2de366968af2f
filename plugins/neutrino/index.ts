import { definePlugin } from '@core/plugin/PluginManifest';
import { neutrinoRoutes } from '@common/neutrino/paths';

/** Neutrino: fleet threat hunting under /neutrino. Only this manifest is imported by the host; pages and services are lazy chunks. */
export const neutrinoPlugin = definePlugin({
  id: 'neutrino',
  title: 'Neutrino',
  kind: 'product',
  prefixes: ['ntr'],
  requires: ['ntr'],
  routes: [
    { path: neutrinoRoutes.home, page: () => import('./pages/NeutrinoPage') },
    { path: neutrinoRoutes.familyCampaign, page: () => import('./pages/CampaignPage') },
    { path: neutrinoRoutes.indicatorCampaign, page: () => import('./pages/CampaignPage') },
  ],
  // Spec §1: the products header shows when neutrino is enabled.
  product: { name: 'Neutrino', order: 20, showsProductsHeader: true },
  landing: { rank: 20, suite: true },
  services: () => import('./services/neutrinoServices').then((m) => m.neutrinoServices),
});
