import type { Queryable } from '../../../contracts';
import { iso, type Stamp } from '../../../db/sqlRows';

export interface FailedInspectionItem {
  tenantId: string;
  inspectionId: string;
  fileName: string | null;
  deviceId: string | null;
  deviceName: string | null;
  /** When it ended failed (its creation if it has no end). */
  at: string;
}

/** Inspections (of every tenant) that ended failed after `since`. */
export async function failedInspectionsSince(q: Queryable, since: Date): Promise<FailedInspectionItem[]> {
  const rows = await q.query<{
    tenant_id: string;
    id: string;
    file_name: string | null;
    device_id: string | null;
    device_name: string | null;
    at: Stamp;
  }>(
    `SELECT n.tenant_id, n.id, n.file_name, d.id AS device_id, d.name AS device_name, coalesce(n.finished_at, n.created_at) AS at
       FROM gluon_inspections n LEFT JOIN gluon_devices d ON d.id = n.device_id
      WHERE n.status = 'failed' AND coalesce(n.finished_at, n.created_at) > $1 ORDER BY 6, n.id`,
    [since],
  );
  return rows.map((r) => ({
    tenantId: r.tenant_id,
    inspectionId: r.id,
    fileName: r.file_name,
    deviceId: r.device_id,
    deviceName: r.device_name,
    at: iso(r.at)!,
  }));
}
