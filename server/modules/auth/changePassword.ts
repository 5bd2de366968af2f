import type { Database } from '../../contracts';
import { revokeUserSessions } from '../../services/sessionStore';

/** Sets a new password hash and ends every other session of the user, in one transaction. */
export async function changePassword(
  db: Database,
  userId: string,
  passwordHash: string,
  keepSessionId: string,
): Promise<void> {
  await db.tx(async (q) => {
    await q.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [userId, passwordHash]);
    await revokeUserSessions(q, userId, keepSessionId);
  });
}
