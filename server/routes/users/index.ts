import type { FastifyPluginAsync } from 'fastify';
import { auditRoutes } from './auditRoutes';
import { userAdminRoutes } from './userAdminRoutes';
import { userSessionRoutes } from './userSessionRoutes';

/** Routes for user management and audit log. */
export const userRoutes: FastifyPluginAsync = async (app) => {
  await app.register(userAdminRoutes);
  await app.register(userSessionRoutes);
  await app.register(auditRoutes);
};
