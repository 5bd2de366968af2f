import type { RoutePlugin } from '../../http/routePlugin';
import { settingsRoutes } from './settingsRoutes';

/** Settings the console reads at start: captcha site id, environment type (from services/backendConfig.ts and the tenant). */
export const settingsModule: RoutePlugin = async (app) => {
  await app.register(settingsRoutes);
};
