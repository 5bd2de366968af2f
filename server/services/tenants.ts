import type { Queryable } from '../contracts';

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
