import type { RoutePlugin } from '../../http/routePlugin';
import { defineModule } from '../defineModule';
import { invitationRoutes } from './invitationRoutes';

/**
 * Invitation links: read one, accept it with a password. Administrators create them in the users
 * module; accepting with an identity provider is sso's POST /um/invite/{token}/setOAuth2.
 */
const invitationsRoutes: RoutePlugin = async (app) => {
  await app.register(invitationRoutes);
};

export const invitationsModule = defineModule({
  id: 'invitations',
  title: 'invitations',
  description: 'Creating, reading and accepting invitations, the invitation mail',
  prefixes: ['/um/'],
  dependsOn: [],
  routes: invitationsRoutes,
});
