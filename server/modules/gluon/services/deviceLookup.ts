import type { Queryable } from '../../../contracts';
import { iso, type Stamp } from '../../../db/sqlRows';

/** Which of `ids` are the tenant's devices (one query for the set). */
export async function existingDeviceIds(q: Queryable, tenantId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await q.query<{ id: string }>(
    'SELECT id FROM gluon_devices WHERE tenant_id = $1 AND id = ANY($2::uuid[])',
    [tenantId, [...new Set(ids)]],
  );
  return new Set(rows.map((r) => r.id));
}

/** The names of the given devices, by id (ids of no device are absent). */
export async function deviceNames(q: Queryable, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await q.query<{ id: string; name: string }>(
    'SELECT id, name FROM gluon_devices WHERE id = ANY($1::uuid[])',
    [[...new Set(ids)]],
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}

export interface InspectionDeviceItem {
  inspectionId: string;
  deviceId: string;
  deviceName: string;
  /** When it ended (its creation if it has not). */
  endedAt: string;
}

/** The given inspections with their device (inspections of no device are absent), by id. */
export async function inspectionDevices(
  q: Queryable,
  ids: readonly string[],
): Promise<Map<string, InspectionDeviceItem>> {
  if (ids.length === 0) return new Map();
  const rows = await q.query<{ id: string; device_id: string; device_name: string; ended_at: Stamp }>(
    `SELECT n.id, d.id AS device_id, d.name AS device_name, coalesce(n.finished_at, n.created_at) AS ended_at
       FROM gluon_inspections n JOIN gluon_devices d ON d.id = n.device_id WHERE n.id = ANY($1::uuid[])`,
    [[...new Set(ids)]],
  );
  return new Map(
    rows.map((r) => [
      r.id,
      { inspectionId: r.id, deviceId: r.device_id, deviceName: r.device_name, endedAt: iso(r.ended_at)! },
    ]),
  );
}
