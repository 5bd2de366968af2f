import type { RoutePlugin } from '../../../http/routePlugin';
import { collectorLinkAdminRoutes } from './collectorLinkAdminRoutes';
import { collectorLinkPublicRoutes } from './collectorLinkPublicRoutes';
import { quickDownloadRoute } from './quickDownloadRoute';

/**
 * Collector links (console: plugins/gluon/pages/CollectorLinksPage.tsx to manage them, plugins/collector for the
 * public wizard): the public calls of /collector/{token}, their management, and quick links.
 */
export const collectorRoutes: RoutePlugin = async (app) => {
  await app.register(collectorLinkPublicRoutes);
  await app.register(collectorLinkAdminRoutes);
  await app.register(quickDownloadRoute);
};
