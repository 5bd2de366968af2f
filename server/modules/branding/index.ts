import type { RoutePlugin } from '../../http/routePlugin';
import { defineModule } from '../defineModule';
import { logoRoutes } from './logoRoutes';

/** The tenant's logo (PNG, JPEG or sanitised SVG). */
const brandingRoutes: RoutePlugin = async (app) => {
  await app.register(logoRoutes);
};

export const brandingModule = defineModule({
  id: 'branding',
  title: 'branding',
  description: "The tenant's logo, SVG sanitising",
  prefixes: ['/um/'],
  dependsOn: [],
  routes: brandingRoutes,
});
