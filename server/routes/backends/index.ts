import type { FastifyPluginAsync } from 'fastify';
import { collectorLinkAdminRoutes } from './collectorLinkAdminRoutes';
import { collectorLinkPublicRoutes } from './collectorLinkPublicRoutes';
import { quickDownloadRoute } from './quickDownloadRoute';

/**
 * Gluon's collector links (shared extractor links, quick download). The other former "backend"
 * routes live in server/modules (settings, branding, support, notifications); these move to
 * gluon's module with the rest of gluon (issue 21).
 */
export const backendRoutes: FastifyPluginAsync = async (app) => {
  await app.register(collectorLinkPublicRoutes);
  await app.register(collectorLinkAdminRoutes);
  await app.register(quickDownloadRoute);
};
