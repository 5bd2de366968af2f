import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, type AuthenticateOptions, type AccessClaims, type TokenType } from '../contracts';
import { SESSION_IDLE_S } from '../services/sessionLimits';

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

/** `app.authenticate(options)`: a preHandler verifying token type, signature, session and permissions. */
export function installAuthenticate(app: FastifyInstance): void {
  app.decorate('authenticate', (options: AuthenticateOptions = {}) => {
    const typs: readonly TokenType[] = options.typ === undefined ? ['access'] : typeof options.typ === 'string' ? [options.typ] : options.typ;
    return async (request: FastifyRequest, _reply: FastifyReply) => {
      const token = bearerToken(request);
      const claims = await app.tokens.verify<AccessClaims>(token, typs);
      const typ = claims.typ;
      const userId = typeof claims.sub === 'string' ? claims.sub : '';
      const sessionId = typeof claims.sid === 'string' ? claims.sid : '';
      if (SESSION_TYPES.includes(typ)) {
        if (!UUID.test(userId) || !UUID.test(sessionId)) throw new HttpError(401, 'Invalid token');
        const rows = await app.db.query<{ ok: boolean }>(
          `SELECT true AS ok FROM sessions s JOIN users u ON u.id = s.user_id
            WHERE s.id = $1 AND s.user_id = $2 AND s.revoked_at IS NULL AND s.expires_at > now()
              AND s.last_seen_at > now() - make_interval(secs => $3) AND NOT u.disabled AND u.status = 'active'`,
          [sessionId, userId, SESSION_IDLE_S],
        );
        if (rows.length === 0) throw new HttpError(401, 'Session expired');
      } else if (USER_TYPES.includes(typ)) {
        if (!UUID.test(userId)) throw new HttpError(401, 'Invalid token');
        const rows = await app.db.query('SELECT 1 FROM users WHERE id = $1 AND NOT disabled', [userId]);
        if (rows.length === 0) throw new HttpError(401, 'Session expired');
      }
      const perms = Array.isArray(claims.perms) ? claims.perms.filter((p): p is string => typeof p === 'string') : [];
      request.auth = {
        userId,
        tenantId: typeof claims.tenant === 'string' ? claims.tenant : '',
        sessionId,
        perms,
        typ,
        token,
      };
      if (options.allow && !options.allow(perms)) throw new HttpError(403, "You don't have permissions to perform this action");
    };
  });
}
