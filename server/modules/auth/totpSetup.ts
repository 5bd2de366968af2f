import { type Database, HttpError, type Queryable, type TokenService } from '../../contracts';
import type { UserRow } from '../../services/users';
import { activatePendingRecoveryCodes, createPendingRecoveryCodes, deleteRecoveryCodes } from './recoveryCodes';
import { forgetDevices } from './rememberedDevices';

export const SETUP_NOT_STARTED = 'Start the two-factor set-up first';

/** SET clause that turns TOTP off (secret, pending set-up, replay step). */
export const TOTP_OFF = 'totp_enabled = false, totp_secret = NULL, totp_pending_secret = NULL, totp_last_step = NULL';

/** The user's TOTP secrets: the active one (null unless MFA is on) and the pending set-up's. */
export async function findTotpSecrets(
  q: Queryable,
  userId: string,
): Promise<{ secret: string | null; pendingSecret: string | null }> {
  const [row] = await q.query<{ secret: string | null; pending_secret: string | null }>(
    'SELECT CASE WHEN totp_enabled THEN totp_secret END AS secret, totp_pending_secret AS pending_secret FROM users WHERE id = $1',
    [userId],
  );
  return { secret: row?.secret ?? null, pendingSecret: row?.pending_secret ?? null };
}

/** Starts (or restarts) set-up: a pending secret and pending recovery codes, returned in clear once. */
export function startTotpSetup(
  db: Database,
  tokens: Pick<TokenService, 'digest'>,
  userId: string,
  pendingSecret: string,
): Promise<string[]> {
  return db.tx(async (q) => {
    await q.query('UPDATE users SET totp_pending_secret = $2 WHERE id = $1', [userId, pendingSecret]);
    return createPendingRecoveryCodes(q, tokens, userId);
  });
}

/**
 * Finishes set-up with the step of a verified code: the pending secret becomes the active one
 * (only if it is still the one the code was checked against: 404 otherwise), the code's step
 * is recorded against replay, the pending recovery codes become the active ones.
 */
export function enableTotp(db: Database, userId: string, step: number, pendingSecret: string): Promise<UserRow> {
  return db.tx(async (q) => {
    const [row] = await q.query<UserRow>(
      `UPDATE users SET totp_secret = totp_pending_secret, totp_pending_secret = NULL, totp_enabled = true, totp_last_step = $2,
              failed_mfa = 0, last_failed_mfa_at = NULL, updated_at = now()
        WHERE id = $1 AND totp_pending_secret = $3 RETURNING *`,
      [userId, step, pendingSecret],
    );
    if (!row) throw new HttpError(404, SETUP_NOT_STARTED);
    await activatePendingRecoveryCodes(q, userId);
    // A new secret is often a reaction to a lost or compromised authenticator: devices remembered
    // under the old one must ask for the new factor.
    await forgetDevices(q, userId);
    return row;
  });
}

/** What goes with the secret when MFA is turned off: recovery codes and remembered devices. */
export async function forgetSecondFactor(q: Queryable, userId: string): Promise<void> {
  await deleteRecoveryCodes(q, userId);
  await forgetDevices(q, userId);
}

/** Turns MFA off for the user (own request with a recovery token). */
export function disableTotp(db: Database, userId: string): Promise<UserRow> {
  return db.tx(async (q) => {
    const [row] = await q.query<UserRow>(`UPDATE users SET ${TOTP_OFF}, updated_at = now() WHERE id = $1 RETURNING *`, [
      userId,
    ]);
    await forgetSecondFactor(q, userId);
    return row!;
  });
}
