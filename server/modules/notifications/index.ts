import type { RoutePlugin } from '../../http/routePlugin';
import { defineModule } from '../defineModule';
import { unsubscribeRoute } from './unsubscribeRoute';

/** Notification mails: unsubscribing through the signed link of a mail. */
const notificationsRoutes: RoutePlugin = async (app) => {
  await app.register(unsubscribeRoute);
};

export const notificationsModule = defineModule({
  id: 'notifications',
  title: 'notifications',
  description: 'Unsubscribing from notification mails',
  prefixes: ['/gluon-backend/'],
  dependsOn: [],
  routes: notificationsRoutes,
});
