import type { Queryable } from '../../../contracts';
import { iso, type Stamp } from '../../../db/sqlRows';

export interface DeviceFindingItem {
  tenantId: string;
  findingId: string;
  kind: string;
  value: string;
  inspectionId: string;
  incidentId: string;
  familyId: string;
  familyName: string;
  deviceId: string;
  deviceName: string;
  at: string;
}

/**
 * Unsuppressed findings recorded after `since` on the given devices (one query for the whole set:
 * monitoring asks for its watched devices' findings).
 */
export async function findingsOnDevicesSince(
  q: Queryable,
  input: { since: Date; deviceIds: readonly string[] },
): Promise<DeviceFindingItem[]> {
  if (input.deviceIds.length === 0) return [];
  const rows = await q.query<{
    tenant_id: string;
    id: string;
    kind: string;
    value: string;
    inspection_id: string;
    incident_id: string;
    family_id: string;
    family_name: string;
    device_id: string;
    device_name: string;
    created_at: Stamp;
  }>(
    `SELECT f.tenant_id, f.id, f.kind, f.value, f.inspection_id, i.id AS incident_id, i.family_id, i.family_name, d.id AS device_id, d.name AS device_name, f.created_at
       FROM gluon_findings f
       JOIN gluon_incidents i ON i.id = f.incident_id
       JOIN gluon_devices d ON d.id = f.device_id
      WHERE f.created_at > $1 AND NOT f.suppressed AND f.device_id = ANY($2::uuid[]) ORDER BY f.created_at, f.id`,
    [input.since, [...input.deviceIds]],
  );
  return rows.map((r) => ({
    tenantId: r.tenant_id,
    findingId: r.id,
    kind: r.kind,
    value: r.value,
    inspectionId: r.inspection_id,
    incidentId: r.incident_id,
    familyId: r.family_id,
    familyName: r.family_name,
    deviceId: r.device_id,
    deviceName: r.device_name,
    at: iso(r.created_at)!,
  }));
}
