import type { RoutePlugin } from '../../http/routePlugin';
import { defineModule } from '../defineModule';
import { settingsRoutes } from './settingsRoutes';

/** Settings the console reads at start: captcha site id, environment type (from services/backendConfig.ts and the tenant); the tenant's time zone. */
const settingsModuleRoutes: RoutePlugin = async (app) => {
  await app.register(settingsRoutes);
};

export const settingsModule = defineModule({
  id: 'settings',
  title: 'settings',
  description: "Captcha site id and environment type the console reads at start; the tenant's time zone",
  prefixes: ['/um/'],
  dependsOn: [],
  routes: settingsModuleRoutes,
});
