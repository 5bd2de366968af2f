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
