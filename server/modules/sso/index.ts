import type { RoutePlugin } from '../../http/routePlugin';
import { defineModule } from '../defineModule';
import { oktaConfigRoutes } from './oktaConfigRoutes';
import { providerLogoutUrl } from './providerLogout';
import { providerLookupRoutes } from './providerLookupRoutes';
import { signInRoutes } from './signInRoutes';

/** Sign-in through identity providers (Google, Okta, the vendor IdP JamfAuth0) and the tenant's Okta configuration. */
const ssoRoutes: RoutePlugin = async (app) => {
  // GET /um/logout (auth module) asks this for the vendor IdP's end-session address.
  app.logoutUrlProviders.set('JamfAuth0', (session) =>
    providerLogoutUrl(
      { idp: app.config.idp, publicUrl: app.config.publicUrl, log: app.log },
      'JamfAuth0',
      session.providerData,
    ),
  );
  await app.register(providerLookupRoutes);
  await app.register(oktaConfigRoutes);
  await app.register(signInRoutes);
};

export const ssoModule = defineModule({
  id: 'sso',
  title: 'identity providers',
  description:
    "Identity-provider sign-in (OIDC: Google, Okta, JamfAuth0), the tenant's Okta settings, provider logout URLs",
  prefixes: ['/um/'],
  dependsOn: ['auth', 'invitations'],
  routes: ssoRoutes,
});
