import { definePlugin } from '@core/plugin/PluginManifest';

/** Global rules repository: everything under /globalrulesrepository. Only this manifest is imported by the host; the page is a lazy chunk. */
export const globalrulesrepositoryPlugin = definePlugin({
  id: 'globalrulesrepository',
  title: 'Global rules repository',
  kind: 'product',
  // Gluon's prefix (declared by gluon): the repository serves gluon's users.
  requires: ['gln'],
  routes: [{ path: '', page: () => import('./pages/GlobalrulesrepositoryPage') }],
  product: { name: 'Global rules repository', order: 60 },
  landing: { rank: 60 },
  services: () => import('./services/rulesRepositoryServices').then((m) => m.rulesRepositoryServices),
});
