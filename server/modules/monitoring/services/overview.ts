import type { Queryable } from '../../../contracts';
import { listDeviceRisk, RISK_LEVELS, type RiskLevel } from './deviceRisk';
import type { DayCount, MonitoringOverview } from '../schemas';

/** Counts per UTC day for the last `days` days up to `now` (zero days included). */
async function perDay(q: Queryable, sql: string, params: unknown[], now: Date, days: number): Promise<DayCount[]> {
  const rows = await q.query<{ day: string; count: number }>(
    `WITH events AS (${sql})
     SELECT to_char(d, 'YYYY-MM-DD') AS day, (SELECT count(*)::int FROM events e WHERE e.at >= d AND e.at < d + interval '1 day') AS count
       FROM generate_series(date_trunc('day', $2::timestamptz AT TIME ZONE 'UTC') - make_interval(days => $3 - 1), date_trunc('day', $2::timestamptz AT TIME ZONE 'UTC'), interval '1 day') AS g(d0),
            LATERAL (SELECT d0 AT TIME ZONE 'UTC' AS d) x
      ORDER BY 1`,
    [...params, now, days],
  );
  return rows;
}

/**
 * The fleet at a glance (monitoring's overview): devices by risk level, incidents opened and
 * resolved per day, inspections per day, the families on most devices, stale devices.
 */
export async function getOverview(q: Queryable, tenantId: string, input: { now: Date; days: number; staleDays: number }): Promise<MonitoringOverview> {
  const { now, days } = input;
  const devices = await listDeviceRisk(q, tenantId);
  const risk = Object.fromEntries(RISK_LEVELS.map((l) => [l, 0])) as Record<RiskLevel, number>;
  for (const d of devices) risk[d.riskLevel]++;
  const incidentsOpened = await perDay(q, 'SELECT created_at AS at FROM gluon_incidents WHERE tenant_id = $1', [tenantId], now, days);
  const incidentsResolved = await perDay(
    q,
    `SELECT e.at FROM gluon_incident_events e JOIN gluon_incidents i ON i.id = e.incident_id
      WHERE i.tenant_id = $1 AND e.to_state IN ('benign', 'false_positive') AND e.from_state IN ('open', 'confirmed')`,
    [tenantId],
    now,
    days,
  );
  const inspections = await perDay(q, 'SELECT created_at AS at FROM gluon_inspections WHERE tenant_id = $1', [tenantId], now, days);
  const topFamilies = await q.query<{ familyId: string; familyName: string; devices: number }>(
    `SELECT family_id AS "familyId", max(family_name) AS "familyName", count(DISTINCT device_id)::int AS devices
       FROM gluon_incidents WHERE tenant_id = $1 AND state IN ('open', 'confirmed')
      GROUP BY family_id ORDER BY 3 DESC, 1 LIMIT 10`,
    [tenantId],
  );
  const [stale] = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM gluon_devices WHERE tenant_id = $1 AND last_inspection_at < $2::timestamptz - make_interval(days => $3)',
    [tenantId, now, input.staleDays],
  );
  const [active] = await q.query<{ n: number }>("SELECT count(*)::int AS n FROM monitoring_alerts WHERE tenant_id = $1 AND status = 'active'", [tenantId]);
  return {
    days,
    staleDays: input.staleDays,
    devices: devices.length,
    risk,
    incidentsOpened,
    incidentsResolved,
    inspections,
    topFamilies,
    staleDevices: stale!.n,
    activeAlerts: active!.n,
  };
}
