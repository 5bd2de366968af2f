import type { FastifyInstance } from 'fastify';

import type { ProviderSignInDeps } from './providerSignIn';

/** What sign-in through a provider uses, taken from the app (the config's idp part may be seeded after start). */
export function providerDeps(app: FastifyInstance): ProviderSignInDeps {
  return { db: app.db, tokens: app.tokens, idp: app.config.idp, publicUrl: app.config.publicUrl };
}
