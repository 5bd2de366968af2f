import type { RoutePlugin } from '../../http/routePlugin';
import { userRequestRoutes } from './userRequestRoutes';

/** Contact Us: contact, feedback, feature requests and bug reports of every product, stored and mailed to support. */
export const supportModule: RoutePlugin = async (app) => {
  await app.register(userRequestRoutes);
};
