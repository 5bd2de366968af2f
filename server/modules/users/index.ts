import type { RoutePlugin } from '../../http/routePlugin';
import { auditRoutes } from './auditRoutes';
import { userAdminRoutes } from './userAdminRoutes';
import { userSessionRoutes } from './userSessionRoutes';

/** User management of a tenant (users, invitations sent, permissions, sessions) and its audit log. */
export const usersModule: RoutePlugin = async (app) => {
  await app.register(userAdminRoutes);
  await app.register(userSessionRoutes);
  await app.register(auditRoutes);
};
