import type { FastifyPluginAsync } from 'fastify';
import { logoRoutes } from './logoRoutes';
import { settingsRoutes } from './settingsRoutes';
import { unsubscribeRoute } from './unsubscribeRoute';
import { userRequestRoutes } from './userRequestRoutes';

/** Routes for product backends, captcha, environment type, logo. */
export const backendRoutes: FastifyPluginAsync = async (app) => {
  await app.register(settingsRoutes);
  await app.register(logoRoutes);
  await app.register(userRequestRoutes);
  await app.register(unsubscribeRoute);
};
