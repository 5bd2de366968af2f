import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../contracts';
import { ACCESS_TOKEN_TTL_S, SESSION_ABSOLUTE_S, SESSION_IDLE_S } from './sessionLimits';

export interface SessionRow {
  id: string;
  user_id: string;
  tenant_id: string;
  provider: string;
  provider_data: unknown;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
}

export interface NewSession {
  userId: string;
  tenantId: string;
  /** 'password' or the identity provider. */
  provider: string;
  providerData?: unknown;
  ip?: string | null;
  userAgent?: string | null;
}

export async function createSession(q: Queryable, s: NewSession): Promise<SessionRow> {
  const [row] = await q.query<SessionRow>(
    `INSERT INTO sessions (user_id, tenant_id, provider, provider_data, expires_at, ip, user_agent)
     VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5), $6, $7) RETURNING *`,
    [s.userId, s.tenantId, s.provider, s.providerData === undefined ? null : JSON.stringify(s.providerData), SESSION_ABSOLUTE_S, s.ip ?? null, s.userAgent?.slice(0, 512) ?? null],
  );
  return row!;
}

/** Access token of a session: expires after ACCESS_TOKEN_TTL_S, never after the session's absolute limit. */
export async function signAccessToken(
  app: FastifyInstance,
  a: { userId: string; tenantId: string; sessionId: string; perms: readonly string[]; sessionExpiresAt: Date },
): Promise<string> {
  const ttl = Math.min(ACCESS_TOKEN_TTL_S, Math.floor((a.sessionExpiresAt.getTime() - Date.now()) / 1000));
  return app.tokens.sign('access', { sub: a.userId, tenant: a.tenantId, sid: a.sessionId, perms: [...a.perms] }, ttl);
}

/**
 * Marks the session seen if it is still live (not revoked, within the idle and absolute
 * limits); returns it, or null when it has ended.
 */
export async function touchSession(q: Queryable, sessionId: string, userId: string): Promise<SessionRow | null> {
  const [row] = await q.query<SessionRow>(
    `UPDATE sessions SET last_seen_at = now()
      WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL AND expires_at > now()
        AND last_seen_at > now() - make_interval(secs => $3)
      RETURNING *`,
    [sessionId, userId, SESSION_IDLE_S],
  );
  return row ?? null;
}

export async function revokeSession(q: Queryable, sessionId: string): Promise<SessionRow | null> {
  const [row] = await q.query<SessionRow>('UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL RETURNING *', [sessionId]);
  return row ?? null;
}

/** Ends every live session of a user, except `keepSessionId`; returns how many. */
export async function revokeUserSessions(q: Queryable, userId: string, keepSessionId?: string | null): Promise<number> {
  const rows = await q.query(
    `UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL AND ($2::uuid IS NULL OR id <> $2::uuid) RETURNING id`,
    [userId, keepSessionId ?? null],
  );
  return rows.length;
}
