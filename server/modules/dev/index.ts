import type { RoutePlugin } from '../../http/routePlugin';
import { defineModule } from '../defineModule';
import { mailboxRoutes } from './mailboxRoutes';

/** Development helpers; each is registered only when its setting allows it (never in production). */
const devRoutes: RoutePlugin = async (app) => {
  if (app.config.devMailbox) await app.register(mailboxRoutes);
};

export const devModule = defineModule({
  id: 'dev',
  title: 'development',
  description: 'The development mailbox (registered only when allowed, never in production)',
  prefixes: ['/dev/'],
  dependsOn: [],
  routes: devRoutes,
});
