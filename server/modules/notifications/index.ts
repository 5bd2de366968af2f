import type { RoutePlugin } from '../../http/routePlugin';
import { unsubscribeRoute } from './unsubscribeRoute';

/** Notification mails: unsubscribing through the signed link of a mail. */
export const notificationsModule: RoutePlugin = async (app) => {
  await app.register(unsubscribeRoute);
};
