import { randomUUID } from 'node:crypto';

import type { AuthUser, Database, LiveSession, NewSession, Queryable, SessionRecord, SessionStore } from '../contracts';
import { preparedQuery } from '../db/prepared';
import { SESSION_ABSOLUTE_S, SESSION_IDLE_S } from './sessionLimits';

/** A user that may act: activated and not disabled (`u` = users). Same rule as canSignIn. */
export const LIVE_USER = `u.status = 'active' AND NOT u.disabled`;

/**
 * THE definition of a live session (`s` = sessions joined with its user `u`): not revoked,
 * within the absolute and idle limits, user live. Authentication, refresh and the admin list
 * all use this fragment, so they can never disagree. The idle limit is a constant, not input.
 */
export const LIVE_SESSION = `s.revoked_at IS NULL AND s.expires_at > now()
  AND s.last_seen_at > now() - make_interval(secs => ${SESSION_IDLE_S}) AND ${LIVE_USER}`;

/** How fresh the "seen" mark of a session is kept by refresh (seconds; a constant, not input). */
export const TOUCH_EVERY_S = 60;

/** What a live-session check answers of the session (LiveSession): fewer columns, less to parse per call. */
const LIVE_COLUMNS = 's.id, s.expires_at';
const SESSION_COLUMNS =
  's.id, s.user_id, s.tenant_id, s.provider, s.provider_data, s.created_at, s.last_seen_at, s.expires_at, s.ip, s.user_agent';
/** What authentication reads of the user along with the session (enough for sign-in answers). */
const USER_COLUMNS =
  'u.id AS u_id, u.tenant_id AS u_tenant_id, u.email AS u_email, u.permissions AS u_permissions, u.totp_enabled AS u_totp_enabled';

interface SessionDbRow {
  id: string;
  user_id: string;
  tenant_id: string;
  provider: string;
  provider_data: unknown;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  ip: string | null;
  user_agent: string | null;
}

interface UserDbRow {
  u_id: string;
  u_tenant_id: string;
  u_email: string;
  u_permissions: string[];
  u_totp_enabled: boolean;
}

function record(row: SessionDbRow): SessionRecord {
  return {
    id: row.id,
    userId: row.user_id,
    tenantId: row.tenant_id,
    provider: row.provider,
    providerData: row.provider_data,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
    ip: row.ip,
    userAgent: row.user_agent,
  };
}

function authUser(row: UserDbRow): AuthUser {
  return {
    id: row.u_id,
    tenantId: row.u_tenant_id,
    email: row.u_email,
    permissions: row.u_permissions,
    totpEnabled: row.u_totp_enabled,
  };
}

type LiveRow = Pick<SessionDbRow, 'id' | 'expires_at'> & UserDbRow;

function liveSession(row: LiveRow | undefined): LiveSession | null {
  return row ? { session: { id: row.id, expiresAt: row.expires_at }, user: authUser(row) } : null;
}

/** Opens a session (absolute limit from now); usable inside a transaction. */
export async function createSession(q: Queryable, s: NewSession): Promise<SessionRecord> {
  const [row] = await q.query<SessionDbRow>(
    `INSERT INTO sessions AS s (user_id, tenant_id, provider, provider_data, expires_at, ip, user_agent)
     VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5), $6, $7) RETURNING ${SESSION_COLUMNS}`,
    [
      s.userId,
      s.tenantId,
      s.provider,
      s.providerData === undefined ? null : JSON.stringify(s.providerData),
      SESSION_ABSOLUTE_S,
      s.ip ?? null,
      s.userAgent?.slice(0, 512) ?? null,
    ],
  );
  return record(row!);
}

/**
 * Opens the session of a finished sign-in, records the sign-in on the user (last_login_at) and
 * writes its 'login' audit row (target: the session, details: the provider), in one statement:
 * one write and one commit per sign-in instead of two, and no session without its
 * audit row even if the process dies right after. Answers what the access token needs.
 */
export async function openSignedInSession(
  q: Queryable & Partial<Pick<Database, 'prepared'>>,
  s: NewSession,
): Promise<Pick<SessionRecord, 'id' | 'expiresAt'>> {
  const [row] = await preparedQuery<Pick<SessionDbRow, 'id' | 'expires_at'>>(
    q,
    'open_signed_in_session',
    OPEN_SIGNED_IN_SQL,
    [
      s.userId,
      s.tenantId,
      s.provider,
      s.providerData === undefined ? null : JSON.stringify(s.providerData),
      SESSION_ABSOLUTE_S,
      s.ip ?? null,
      s.userAgent?.slice(0, 512) ?? null,
      randomUUID(),
      randomUUID(),
    ],
  );
  return { id: row!.id, expiresAt: row!.expires_at };
}

/**
 * A named prepared statement (db/prepared.ts): every sign-in runs it. The two ids come from
 * Node's generator: on PGlite, gen_random_uuid() opens and reads /dev/urandom through the
 * WebAssembly file system on each call, twice per sign-in.
 */
const OPEN_SIGNED_IN_SQL = `WITH signed_in AS (UPDATE users SET last_login_at = now() WHERE id = $1),
  s AS (
    INSERT INTO sessions (id, user_id, tenant_id, provider, provider_data, expires_at, ip, user_agent)
    VALUES ($8, $1, $2, $3, $4, now() + make_interval(secs => $5), $6, $7) RETURNING id, tenant_id, user_id, provider, ip, expires_at
  ), audited AS (
    INSERT INTO audit_events (id, tenant_id, actor_id, action, target, details, ip)
    SELECT $9, s.tenant_id, s.user_id, 'login', s.id::text, jsonb_build_object('provider', s.provider), s.ip FROM s
  )
  SELECT id, expires_at FROM s`;

/** Ends every session of a user except `keepSessionId`; usable inside a transaction (password reset). */
export async function revokeUserSessions(q: Queryable, userId: string, keepSessionId?: string | null): Promise<number> {
  const rows = await q.query(
    `UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL AND ($2::uuid IS NULL OR id <> $2::uuid) RETURNING id`,
    [userId, keepSessionId ?? null],
  );
  return rows.length;
}

const VERIFY_SQL = `SELECT ${LIVE_COLUMNS}, ${USER_COLUMNS} FROM sessions s JOIN users u ON u.id = s.user_id
  WHERE s.id = $1 AND s.user_id = $2 AND ${LIVE_SESSION}`;

/**
 * One round trip for a refresh: the live check and the user read, and the "seen" mark when the
 * last one is older than TOUCH_EVERY_S. Most refreshes then write nothing (a write is the
 * expensive part, on PGlite above all); the idle limit is 30 minutes, so a mark that is up to a
 * minute old shortens it by at most that minute.
 */
const TOUCH_SQL = `WITH live AS (
    SELECT ${LIVE_COLUMNS}, ${USER_COLUMNS} FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.id = $1 AND s.user_id = $2 AND ${LIVE_SESSION}
  ), seen AS (
    UPDATE sessions SET last_seen_at = now()
     WHERE id = (SELECT id FROM live) AND last_seen_at < now() - make_interval(secs => ${TOUCH_EVERY_S})
  )
  SELECT * FROM live`;

/** The session store over a database (one per app: `app.sessions`). */
export function createSessionStore(db: Queryable & Partial<Pick<Database, 'prepared'>>): SessionStore {
  return {
    create: (session) => createSession(db, session),

    // Both run on every authenticated request: named prepared statements (db/prepared.ts), so the
    // database parses and plans them once, not per request (refresh near its limit).
    async verify(sessionId, userId) {
      const [row] = await preparedQuery<LiveRow>(db, 'session_verify', VERIFY_SQL, [sessionId, userId]);
      return liveSession(row);
    },

    async touch(sessionId, userId) {
      const [row] = await preparedQuery<LiveRow>(db, 'session_touch', TOUCH_SQL, [sessionId, userId]);
      return liveSession(row);
    },

    async verifyUser(userId) {
      const [row] = await db.query<UserDbRow>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1 AND ${LIVE_USER}`, [
        userId,
      ]);
      return row ? authUser(row) : null;
    },

    async revoke(sessionId, owner) {
      const [row] = await db.query<SessionDbRow>(
        `UPDATE sessions s SET revoked_at = now()
          WHERE s.id = $1 AND s.revoked_at IS NULL AND ($2::uuid IS NULL OR (s.user_id = $2::uuid AND s.tenant_id = $3::uuid))
          RETURNING ${SESSION_COLUMNS}`,
        [sessionId, owner?.userId ?? null, owner?.tenantId ?? null],
      );
      return row ? record(row) : null;
    },

    revokeAll: (userId, keepSessionId) => revokeUserSessions(db, userId, keepSessionId),

    async listLive(tenantId, userId) {
      const rows = await db.query<SessionDbRow>(
        `SELECT ${SESSION_COLUMNS} FROM sessions s JOIN users u ON u.id = s.user_id
          WHERE s.user_id = $1 AND s.tenant_id = $2 AND ${LIVE_SESSION} ORDER BY s.created_at DESC`,
        [userId, tenantId],
      );
      return rows.map(record);
    },
  };
}
