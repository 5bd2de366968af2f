import type { Queryable } from '../contracts';

/** What a single-use value is; kinds never collide (`mfa:<jti>` vs `oidc:<jti>`). */
export type SingleUseKind = 'mfa' | 'oidc' | 'unsubscribe';

/**
 * Uses `value` up: true the first time, false on every later call, on every API instance (the
 * primary key of used_nonces makes the claim atomic; two racing requests get one true).
 * `expiresAt` is when the value stops being valid anyway; housekeeping deletes the row after.
 */
export async function claimOnce(q: Queryable, kind: SingleUseKind, value: string, expiresAt: Date): Promise<boolean> {
  const rows = await q.query(
    'INSERT INTO used_nonces (nonce, expires_at) VALUES ($1, to_timestamp($2)) ON CONFLICT (nonce) DO NOTHING RETURNING nonce',
    [`${kind}:${value}`, expiresAt.getTime() / 1000],
  );
  return rows.length > 0;
}

/** Whether `value` was already used (a cheap early refusal; only claimOnce decides). */
export async function wasClaimed(q: Queryable, kind: SingleUseKind, value: string): Promise<boolean> {
  const rows = await q.query('SELECT 1 FROM used_nonces WHERE nonce = $1', [`${kind}:${value}`]);
  return rows.length > 0;
}
