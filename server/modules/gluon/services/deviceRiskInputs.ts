import type { Queryable } from '../../../contracts';
import { iso, type Stamp } from '../../../db/sqlRows';
import { OPEN_STATES_SQL } from './incidentStateSql';

/** Severities in rising order: `severityRank` indexes this list. */
export const RISK_SEVERITY_ORDER = ['low', 'medium', 'high'] as const;

export interface DeviceRiskInput {
  deviceId: string;
  name: string;
  platform: string;
  serial: string | null;
  lastInspectionAt: string | null;
  /** Open incidents (open or confirmed, common/incidents). */
  openIncidents: number;
  /** Index in RISK_SEVERITY_ORDER of the highest severity among them; null with none, or a severity outside the list. */
  severityRank: number | null;
}

/** Each of the tenant's devices with its open incidents' count and highest severity, by name. */
export async function deviceRiskInputs(q: Queryable, tenantId: string): Promise<DeviceRiskInput[]> {
  const rows = await q.query<{
    id: string;
    name: string;
    platform: string;
    serial: string | null;
    rank: number | null;
    open: number;
    last_inspection_at: Stamp | null;
  }>(
    `SELECT d.id, d.name, d.platform, d.serial, d.last_inspection_at,
            max(array_position($2::text[], i.severity)) AS rank, count(i.id)::int AS open
       FROM gluon_devices d
       LEFT JOIN gluon_incidents i ON i.device_id = d.id AND i.state IN ${OPEN_STATES_SQL}
      WHERE d.tenant_id = $1
      GROUP BY d.id ORDER BY d.name, d.id`,
    [tenantId, [...RISK_SEVERITY_ORDER]],
  );
  return rows.map((r) => ({
    deviceId: r.id,
    name: r.name,
    platform: r.platform,
    serial: r.serial,
    lastInspectionAt: r.last_inspection_at ? iso(r.last_inspection_at) : null,
    openIncidents: r.open,
    // array_position is 1-based.
    severityRank: r.rank === null ? null : r.rank - 1,
  }));
}
