import type { FastifyPluginAsync } from 'fastify';
import { providerLogoutUrl } from '../../services/oidc/providerLogout';
import { oktaConfigRoutes } from './oktaConfig';
import { providerLookupRoutes } from './providerLookups';
import { signInRoutes } from './signInRoutes';

/** Routes for identity providers, OAuth2 sign-in, Okta configuration. */
export const idpRoutes: FastifyPluginAsync = async (app) => {
  // GET /um/logout (S1) asks this for the vendor IdP's end-session address.
  app.logoutUrlProviders.set('JamfAuth0', (session) =>
    providerLogoutUrl({ idp: app.config.idp, publicUrl: app.config.publicUrl, log: app.log }, 'JamfAuth0', session.providerData),
  );
  await app.register(providerLookupRoutes);
  await app.register(oktaConfigRoutes);
  await app.register(signInRoutes);
};
