import type { Queryable } from '../../../contracts';
import { fleetActivityPerDay, openIncidentFamilies, staleDeviceCount } from '../../gluon/public';
import type { MonitoringOverview } from '../schemas';
import { listDeviceRisk, RISK_LEVELS, type RiskLevel } from './deviceRisk';

/** The overview's periods (the console's range picker): a week, a month, a quarter. */
export const OVERVIEW_DAYS = [7, 30, 90] as const;

/**
 * The fleet at a glance (monitoring's overview): devices by risk level, incidents opened and
 * resolved per day, inspections (files) and matchings again per day, the families on most devices, stale devices.
 */
export async function getOverview(
  q: Queryable,
  tenantId: string,
  input: { now: Date; days: number; staleDays: number },
): Promise<MonitoringOverview> {
  const { now, days } = input;
  const devices = await listDeviceRisk(q, tenantId);
  const risk = Object.fromEntries(RISK_LEVELS.map((l) => [l, 0])) as Record<RiskLevel, number>;
  for (const d of devices) risk[d.riskLevel]++;
  const activity = await fleetActivityPerDay(q, tenantId, { now, days });
  const topFamilies = await openIncidentFamilies(q, tenantId, 10);
  const staleDevices = await staleDeviceCount(q, tenantId, { now, staleDays: input.staleDays });
  const [active] = await q.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM monitoring_alerts WHERE tenant_id = $1 AND status = 'active'",
    [tenantId],
  );
  return {
    days,
    staleDays: input.staleDays,
    devices: devices.length,
    risk,
    ...activity,
    topFamilies,
    staleDevices,
    activeAlerts: active!.n,
  };
}
