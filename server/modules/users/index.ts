import type { RoutePlugin } from '../../http/routePlugin';
import { defineModule } from '../defineModule';
import { auditRoutes } from './auditRoutes';
import { jobRoutes } from './jobRoutes';
import { userAdminRoutes } from './userAdminRoutes';
import { userSessionRoutes } from './userSessionRoutes';

/** User management of a tenant (users, invitations sent, permissions, sessions), its audit log and its view of the job queue. */
const usersRoutes: RoutePlugin = async (app) => {
  await app.register(userAdminRoutes);
  await app.register(userSessionRoutes);
  await app.register(auditRoutes);
  await app.register(jobRoutes);
};

export const usersModule = defineModule({
  id: 'users',
  title: 'user management',
  description: "User administration, a user's sessions, the audit log, the background jobs",
  prefixes: ['/um/'],
  dependsOn: ['auth', 'invitations'],
  routes: usersRoutes,
});
