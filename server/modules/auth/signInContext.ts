import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { SignInClient, SignInDeps } from './signIn';

/** What the sign-in services use, taken from the app's decorations. */
export function signInDeps(app: FastifyInstance): SignInDeps {
  return { db: app.db, tokens: app.tokens, audit: app.audit };
}

/** The calling client as sessions and the audit log record it. */
export function signInClient(request: FastifyRequest): SignInClient {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent : null };
}
