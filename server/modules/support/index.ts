import type { RoutePlugin } from '../../http/routePlugin';
import { defineModule } from '../defineModule';
import { PRODUCTS } from './contactRequests';
import { userRequestRoutes } from './userRequestRoutes';

/** Contact Us: contact, feedback, feature requests and bug reports of every product, stored and mailed to support. */
const supportRoutes: RoutePlugin = async (app) => {
  await app.register(userRequestRoutes);
};

export const supportModule = defineModule({
  id: 'support',
  title: 'product backends',
  description: 'Contact Us of every product: contact, feature requests, feedback, bug reports',
  prefixes: [...PRODUCTS.map((product) => `/${product}-backend/` as const)],
  dependsOn: [],
  routes: supportRoutes,
});
