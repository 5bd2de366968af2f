import type { RoutePlugin } from '../../http/routePlugin';
import { logoRoutes } from './logoRoutes';

/** The tenant's logo (PNG, JPEG or sanitised SVG). */
export const brandingModule: RoutePlugin = async (app) => {
  await app.register(logoRoutes);
};
