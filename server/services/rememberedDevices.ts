import type { Queryable } from '../contracts';
import { hashToken, randomToken } from './secrets';
import { REMEMBER_DEVICE_S } from './sessionLimits';

/** A new remembered-device token (256 bits) for the user; only its hash is stored. */
export async function rememberDevice(q: Queryable, userId: string): Promise<string> {
  const token = randomToken(32);
  await q.query('INSERT INTO remembered_devices (user_id, token_hash, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))', [
    userId,
    hashToken(token),
    REMEMBER_DEVICE_S,
  ]);
  return token;
}

/** True when `token` is a live remembered device of this user. */
export async function isRememberedDevice(q: Queryable, userId: string, token: string | null | undefined): Promise<boolean> {
  if (typeof token !== 'string' || token.length < 16 || token.length > 200) return false;
  const rows = await q.query(
    'UPDATE remembered_devices SET last_used_at = now() WHERE user_id = $1 AND token_hash = $2 AND expires_at > now() RETURNING id',
    [userId, hashToken(token)],
  );
  return rows.length > 0;
}

export async function forgetDevices(q: Queryable, userId: string): Promise<void> {
  await q.query('DELETE FROM remembered_devices WHERE user_id = $1', [userId]);
}
