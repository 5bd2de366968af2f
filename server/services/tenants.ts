import type { Queryable } from '../contracts';
import type { TenantTimeZone } from '../schemas';

/** Whether the tenant still exists; compares as text so a malformed id is simply unknown. */
export async function tenantExists(q: Queryable, tenantId: string): Promise<boolean> {
  const rows = await q.query('SELECT 1 FROM tenants WHERE id::text = $1', [tenantId]);
  return rows.length > 0;
}

/** The tenant's own environment type, or null for an unknown tenant. */
export async function tenantEnvironmentType(q: Queryable, tenantId: string): Promise<string | null> {
  const [row] = await q.query<{ environment_type: string }>('SELECT environment_type FROM tenants WHERE id = $1', [
    tenantId,
  ]);
  return row?.environment_type ?? null;
}

/** The tenant's time zone; UTC for an unknown tenant (a mail still names its clock). */
export async function tenantTimeZone(q: Queryable, tenantId: string): Promise<TenantTimeZone> {
  const [row] = await q.query<{ time_zone_name: string; time_zone_offset: number }>(
    'SELECT time_zone_name, time_zone_offset FROM tenants WHERE id = $1',
    [tenantId],
  );
  return row ? { offset: Number(row.time_zone_offset), name: row.time_zone_name } : { offset: 0, name: 'UTC' };
}

/** Stores the tenant's time zone (the route checks its shape); false for an unknown tenant. */
export async function setTenantTimeZone(q: Queryable, tenantId: string, zone: TenantTimeZone): Promise<boolean> {
  const rows = await q.query(
    'UPDATE tenants SET time_zone_name = $2, time_zone_offset = $3 WHERE id = $1 RETURNING id',
    [tenantId, zone.name, zone.offset],
  );
  return rows.length > 0;
}

/**
 * The time zone of each address's tenant (a user's, else an invitee's), for the development
 * mailbox to print a mail's time on the clock its reader lives by. Addresses of no tenant are absent.
 */
export async function recipientTimeZones(
  q: Queryable,
  addresses: readonly string[],
): Promise<Map<string, TenantTimeZone>> {
  const wanted = [...new Set(addresses.map((a) => a.toLowerCase()))];
  if (wanted.length === 0) return new Map();
  const rows = await q.query<{ email: string; time_zone_name: string; time_zone_offset: number }>(
    `SELECT lower(r.email) AS email, t.time_zone_name, t.time_zone_offset
       FROM (SELECT email, tenant_id, 0 AS rank FROM users UNION ALL SELECT email, tenant_id, 1 FROM invitations) r
       JOIN tenants t ON t.id = r.tenant_id
      WHERE lower(r.email) = ANY($1::text[])
      ORDER BY r.rank`,
    [wanted],
  );
  const zones = new Map<string, TenantTimeZone>();
  for (const row of rows)
    if (!zones.has(row.email)) zones.set(row.email, { name: row.time_zone_name, offset: Number(row.time_zone_offset) });
  return zones;
}
