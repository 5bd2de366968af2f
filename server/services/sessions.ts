import type { TokenService } from '../contracts';
import { ACCESS_TOKEN_TTL_S } from './sessionLimits';

// The session rows themselves belong to the session store; these stay importable from here
// for the e2e fixtures (e2e/signin/fixtures/apiServer.ts) and the test app.
export { createSession, revokeUserSessions } from './sessionStore';

/** Access token of a session: expires after ACCESS_TOKEN_TTL_S, never after the session's absolute limit. */
export async function signAccessToken(
  tokens: Pick<TokenService, 'sign'>,
  a: { userId: string; tenantId: string; sessionId: string; perms: readonly string[]; sessionExpiresAt: Date },
): Promise<string> {
  const ttl = Math.min(ACCESS_TOKEN_TTL_S, Math.floor((a.sessionExpiresAt.getTime() - Date.now()) / 1000));
  return tokens.sign('access', { sub: a.userId, tenant: a.tenantId, sid: a.sessionId, perms: [...a.perms] }, ttl);
}
