import { type Database, HttpError, type Queryable } from '../../contracts';
import { hashToken, randomToken } from '../../services/secrets';
import { PASSWORD_RECOVERY_TTL_S } from '../../services/sessionLimits';
import { revokeUserSessions } from '../../services/sessionStore';
import type { UserRow } from '../../services/users';

export const LINK_INVALID = 'This password reset link is invalid';
export const LINK_EXPIRED = 'This password reset link has expired';
/** At most this many reset mails per account and hour (mail bombing). */
export const MAX_REQUESTS_PER_HOUR = 5;

interface RecoveryRow {
  id: string;
  user_id: string;
  expires_at: Date;
  used_at: Date | null;
}

/** The open request of a link id: 404 unknown, 410 used or expired. `forUpdate` locks it (in a transaction). */
async function findRequest(q: Queryable, id: string, forUpdate = false): Promise<RecoveryRow> {
  if (!/^[A-Za-z0-9_-]{16,200}$/.test(id)) throw new HttpError(404, LINK_INVALID);
  const [row] = await q.query<RecoveryRow>(
    `SELECT id, user_id, expires_at, used_at FROM password_recovery_requests WHERE token_hash = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [hashToken(id)],
  );
  if (!row) throw new HttpError(404, LINK_INVALID);
  if (row.used_at || row.expires_at.getTime() <= Date.now()) throw new HttpError(410, LINK_EXPIRED);
  return row;
}

/**
 * A new reset link id (256 bits, stored hashed, PASSWORD_RECOVERY_TTL_S) for the user, or null
 * when the user already got MAX_REQUESTS_PER_HOUR in the last hour.
 */
export function createRecoveryRequest(db: Database, userId: string, ip: string | null): Promise<string | null> {
  const id = randomToken(32);
  return db.tx(async (q) => {
    // Lock the user row: parallel requests count and insert one after the other.
    await q.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
    const [recent] = await q.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM password_recovery_requests WHERE user_id = $1 AND created_at > now() - interval '1 hour'",
      [userId],
    );
    if ((recent?.n ?? 0) >= MAX_REQUESTS_PER_HOUR) return null;
    await q.query(
      'INSERT INTO password_recovery_requests (token_hash, user_id, expires_at, ip) VALUES ($1, $2, now() + make_interval(secs => $3), $4)',
      [hashToken(id), userId, PASSWORD_RECOVERY_TTL_S, ip],
    );
    return id;
  });
}

/** The user a still-open link resets (404 / 410 as findRequest; 404 when the user is gone). */
export async function recoveryLinkOwner(q: Queryable, id: string): Promise<UserRow> {
  const request = await findRequest(q, id);
  const [owner] = await q.query<UserRow>('SELECT * FROM users WHERE id = $1', [request.user_id]);
  if (!owner) throw new HttpError(404, LINK_INVALID);
  return owner;
}

/**
 * Uses the link: sets the password, clears both lockout counters, ends every open link and
 * every session of the user. The link is re-checked under lock: of two parallel uses one wins.
 */
export async function resetPassword(db: Database, id: string, passwordHash: string): Promise<void> {
  await db.tx(async (q) => {
    const row = await findRequest(q, id, true);
    await q.query('UPDATE password_recovery_requests SET used_at = now() WHERE id = $1', [row.id]);
    await q.query(
      `UPDATE users SET password_hash = $2, failed_logins = 0, last_failed_login_at = NULL, failed_mfa = 0, last_failed_mfa_at = NULL, updated_at = now()
        WHERE id = $1`,
      [row.user_id, passwordHash],
    );
    // Other open links of this user stop working too.
    await q.query('UPDATE password_recovery_requests SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [
      row.user_id,
    ]);
    await revokeUserSessions(q, row.user_id);
  });
}
