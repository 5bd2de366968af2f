import type { RoutePlugin } from '../../http/routePlugin';
import { mailboxRoutes } from './mailboxRoutes';

/** Development helpers; each is registered only when its setting allows it (never in production). */
export const devModule: RoutePlugin = async (app) => {
  if (app.config.devMailbox) await app.register(mailboxRoutes);
};
