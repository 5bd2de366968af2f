import type { Queryable } from '../../../contracts';
import { isUuid } from '../../../services/users';
import type { IncidentOwner } from '../schemas';

/**
 * The owners (assignees) of some of the tenant's incidents, by incident id: what other products
 * (monitoring's alerts) show beside an incident without reading gluon's tables. Incidents
 * without an owner, of another tenant, or unknown are absent.
 */
export async function incidentOwners(
  q: Queryable,
  tenantId: string,
  incidentIds: readonly (string | null)[],
): Promise<Map<string, IncidentOwner>> {
  const ids = [...new Set(incidentIds.filter((id): id is string => id !== null && isUuid(id)))];
  if (ids.length === 0) return new Map();
  const rows = await q.query<{ incident_id: string; id: string; email: string }>(
    `SELECT i.id AS incident_id, o.id, o.email FROM gluon_incidents i JOIN users o ON o.id = i.owner_id
      WHERE i.tenant_id = $1 AND i.id = ANY($2::uuid[])`,
    [tenantId, ids],
  );
  return new Map(rows.map((r) => [r.incident_id, { id: r.id, email: r.email }]));
}
