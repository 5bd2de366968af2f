import type { FastifyPluginAsync } from 'fastify';
import { mailboxRoutes } from './mailboxRoutes';

/** Development helpers; each is registered only when its setting allows it (never in production). */
export const devRoutes: FastifyPluginAsync = async (app) => {
  if (app.config.devMailbox) await app.register(mailboxRoutes);
};
