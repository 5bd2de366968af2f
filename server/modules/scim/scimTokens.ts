import type { Queryable } from '../../contracts';
import { hashToken, randomToken, safeEqual } from '../../services/secrets';
import type { ScimTokenStatus } from './scimSchemas';

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

/** The prefix names the secret in logs and secret scanners; 256 random bits follow. */
export const TOKEN_PREFIX = 'scim_';

export async function scimTokenStatus(q: Queryable, tenantId: string): Promise<Omit<ScimTokenStatus, 'baseUrl'>> {
  const [row] = await q.query<{ created_at: Date; last_used_at: Date | null }>(
    'SELECT created_at, last_used_at FROM scim_tokens WHERE tenant_id = $1',
    [tenantId],
  );
  return { configured: !!row, createdAt: iso(row?.created_at ?? null), lastUsedAt: iso(row?.last_used_at ?? null) };
}

/**
 * A new token for the tenant, replacing the one before (which stops working at once): the clear
 * value is answered once, only its SHA-256 is stored (256 random bits need no slow hash).
 */
export async function rotateScimToken(
  q: Queryable,
  tenantId: string,
  createdBy: string,
): Promise<{ token: string; createdAt: string; replaced: boolean }> {
  const token = TOKEN_PREFIX + randomToken(32);
  const [row] = await q.query<{ created_at: Date; replaced: boolean }>(
    `WITH old AS (SELECT 1 FROM scim_tokens WHERE tenant_id = $1)
     INSERT INTO scim_tokens (tenant_id, token_hash, created_by) VALUES ($1, $2, $3)
     ON CONFLICT (tenant_id) DO UPDATE SET token_hash = EXCLUDED.token_hash, created_by = EXCLUDED.created_by,
       created_at = now(), last_used_at = NULL
     RETURNING created_at, EXISTS (SELECT 1 FROM old) AS replaced`,
    [tenantId, hashToken(token), createdBy],
  );
  return { token, createdAt: iso(row!.created_at)!, replaced: row!.replaced };
}

export async function revokeScimToken(q: Queryable, tenantId: string): Promise<boolean> {
  const rows = await q.query('DELETE FROM scim_tokens WHERE tenant_id = $1 RETURNING tenant_id', [tenantId]);
  return rows.length > 0;
}

/**
 * The tenant a presented token belongs to, or null. The lookup is by the token's hash (what an
 * attacker can time is a hash lookup, not a comparison with the secret), and the stored hash is
 * compared again in constant time.
 */
export async function tenantOfScimToken(q: Queryable, token: string): Promise<string | null> {
  if (!token.startsWith(TOKEN_PREFIX) || token.length > 200) return null;
  const hash = hashToken(token);
  const [row] = await q.query<{ tenant_id: string; token_hash: string; stale: boolean }>(
    `SELECT tenant_id, token_hash, (last_used_at IS NULL OR last_used_at < now() - interval '1 minute') AS stale
     FROM scim_tokens WHERE token_hash = $1`,
    [hash],
  );
  if (!row || !safeEqual(row.token_hash, hash)) return null;
  // "Last used" to the minute: a directory's sync sends many requests, most then write nothing.
  if (row.stale) await q.query('UPDATE scim_tokens SET last_used_at = now() WHERE tenant_id = $1', [row.tenant_id]);
  return row.tenant_id;
}
