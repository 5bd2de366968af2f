import type { RoutePlugin } from '../../http/routePlugin';
import { invitationRoutes } from './invitationRoutes';

/**
 * Invitation links: read one, accept it with a password. Administrators create them in the users
 * module; accepting with an identity provider is sso's POST /um/invite/{token}/setOAuth2.
 */
export const invitationsModule: RoutePlugin = async (app) => {
  await app.register(invitationRoutes);
};
