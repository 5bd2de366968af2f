import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import {
  type AuthContext,
  type AuthenticateOptions,
  type AuthSession,
  type AuthUser,
  HttpError,
  type TokenType,
  type VerifiedClaims,
} from '../contracts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Token types bound to a server-side session: ended by logout, expiry or disabling the user. */
const SESSION_TYPES: readonly TokenType[] = ['access', 'recovery'];
/** Token types bound to a user (no session yet): the user must still be active. */
const USER_TYPES: readonly TokenType[] = ['mfa'];

export function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  if (typeof header !== 'string') throw new HttpError(401, 'Missing bearer token');
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw new HttpError(401, 'Malformed Authorization header');
  return match[1]!;
}

/**
 * `app.authenticate(options)`: a preHandler verifying token type, signature, session and
 * permissions. The liveness rule itself is the session store's (services/sessionStore.ts);
 * what it read (claims, user, session) lands in request.auth so routes never read it again.
 */
export function installAuthenticate(app: FastifyInstance): void {
  app.decorateRequest('authContext', null);
  app.decorateRequest('auth', {
    getter(this: FastifyRequest): AuthContext {
      if (!this.authContext) throw new HttpError(401, 'Missing bearer token');
      return this.authContext;
    },
  });
  app.decorate('authenticate', (options: AuthenticateOptions = {}) => {
    const typs: readonly TokenType[] =
      options.typ === undefined ? ['access'] : typeof options.typ === 'string' ? [options.typ] : options.typ;
    return async (request: FastifyRequest, _reply: FastifyReply) => {
      const token = bearerToken(request);
      const claims = await app.tokens.verify<VerifiedClaims>(token, typs);
      const typ = claims.typ;
      const userId = typeof claims.sub === 'string' ? claims.sub : '';
      const sessionId = typeof claims.sid === 'string' ? claims.sid : '';
      let user: AuthUser | undefined;
      let session: AuthSession | undefined;
      if (SESSION_TYPES.includes(typ)) {
        if (!UUID.test(userId) || !UUID.test(sessionId)) throw new HttpError(401, 'Invalid token');
        const live = options.touch
          ? await app.sessions.touch(sessionId, userId)
          : await app.sessions.verify(sessionId, userId);
        if (!live) throw new HttpError(401, 'Session expired');
        ({ user, session } = live);
      } else if (USER_TYPES.includes(typ)) {
        if (!UUID.test(userId)) throw new HttpError(401, 'Invalid token');
        user = (await app.sessions.verifyUser(userId)) ?? undefined;
        if (!user) throw new HttpError(401, 'Session expired');
      }
      const perms = Array.isArray(claims.perms) ? claims.perms.filter((p): p is string => typeof p === 'string') : [];
      const auth: AuthContext = {
        userId,
        tenantId: typeof claims.tenant === 'string' ? claims.tenant : '',
        sessionId,
        perms,
        typ,
        token,
        claims,
        ...(user ? { user } : {}),
        ...(session ? { session } : {}),
      };
      request.authContext = auth;
      if (options.allow && !options.allow(perms))
        throw new HttpError(403, "You don't have permissions to perform this action");
    };
  });
}
