import type { Queryable } from '../../contracts';
import { hashToken, randomToken } from '../../services/secrets';
import { REMEMBER_DEVICE_S } from '../../services/sessionLimits';

/** Remember-me of the console (spec §9 "30 days (jetp)"). */
export const REMEMBER_DEVICE_CONSOLE_S = REMEMBER_DEVICE_S;
/** Remember-me of the monitoring app (spec §9 "60 days (monitoring)"). */
export const REMEMBER_DEVICE_MONITORING_S = 60 * 24 * 60 * 60;

const CONSOLE_PREFIXES = ['gln#', 'elc#', 'ntr#', 'umg#usr#'];

/**
 * Which remember-me lifetime a user gets, decided by the API from the user's own permissions,
 * never from a flag the browser sends (a client could otherwise ask for the longer lifetime):
 * a user whose products are monitoring only (an `mnt#` permission and no console product or user
 * management) signs in to the monitoring app and is remembered 60 days; everyone else 30.
 */
export function rememberDeviceSeconds(permissions: readonly string[]): number {
  const monitoring = permissions.some((p) => p.startsWith('mnt#'));
  const consoleUser = permissions.some((p) => CONSOLE_PREFIXES.some((prefix) => p.startsWith(prefix)));
  return monitoring && !consoleUser ? REMEMBER_DEVICE_MONITORING_S : REMEMBER_DEVICE_CONSOLE_S;
}

/** A new remembered-device token (256 bits) for the user; only its hash is stored. */
export async function rememberDevice(q: Queryable, userId: string): Promise<string> {
  const token = randomToken(32);
  const users = await q.query<{ permissions: string[] }>('SELECT permissions FROM users WHERE id = $1', [userId]);
  const lifetime = rememberDeviceSeconds(users[0]?.permissions ?? []);
  await q.query(
    'INSERT INTO remembered_devices (user_id, token_hash, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))',
    [userId, hashToken(token), lifetime],
  );
  return token;
}

/** True when `token` is a live remembered device of this user. */
export async function isRememberedDevice(
  q: Queryable,
  userId: string,
  token: string | null | undefined,
): Promise<boolean> {
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
