import type { RoutePlugin } from '../../http/routePlugin';
import { defineModule } from '../defineModule';
import { runtimePluginAdminRoutes } from './runtimePluginRoutes';
import { runtimeRoutes } from './runtimeRoutes';
import { checkStoredManifests } from './startCheck';

const routes: RoutePlugin = async (app) => {
  await app.register(runtimePluginAdminRoutes);
  await app.register(runtimeRoutes);
};

export const runtimePluginsModule = defineModule({
  id: 'runtimePlugins',
  title: 'runtimePlugins',
  description:
    "Signed plugins installed into the running console: install, upgrade, remove (CLI and Administration), trusted keys, the signed-in user's plugins with their import map, the assets under per-user grants",
  prefixes: ['/plugins-backend/'],
  dependsOn: ['inspection', 'gluon'],
  routes,
  workers: [
    {
      // The manifests are checked again at start: a console upgrade may no longer accept one.
      name: 'runtime plugins: manifest check at start',
      start(app) {
        void checkStoredManifests(app.db, app.log);
      },
    },
  ],
});
