import type { Queryable } from '../../../contracts';
import { fleetActivityPerDay, openIncidentFamilies, staleDeviceCount, type DayCount } from '../../gluon/public';
import { listDeviceRisk, RISK_LEVELS, type RiskLevel } from './deviceRisk';

export type { DayCount };

export interface Overview {
  days: number;
  staleDays: number;
  devices: number;
  risk: Record<RiskLevel, number>;
  incidentsOpened: DayCount[];
  incidentsResolved: DayCount[];
  /** Files inspected (uploads, collector files): what "inspections" means to the analyst. */
  inspections: DayCount[];
  /** Stored observations matched again (a rule-set change, a suppression, a device's Rescan): counted apart, no file was inspected. */
  matchedAgain: DayCount[];
  topFamilies: { familyId: string; familyName: string; devices: number }[];
  staleDevices: number;
  activeAlerts: number;
}

/**
 * The fleet at a glance (monitoring's overview): devices by risk level, incidents opened and
 * resolved per day, inspections (files) and matchings again per day, the families on most devices, stale devices.
 */
export async function getOverview(q: Queryable, tenantId: string, input: { now: Date; days: number; staleDays: number }): Promise<Overview> {
  const { now, days } = input;
  const devices = await listDeviceRisk(q, tenantId);
  const risk = Object.fromEntries(RISK_LEVELS.map((l) => [l, 0])) as Record<RiskLevel, number>;
  for (const d of devices) risk[d.riskLevel]++;
  const activity = await fleetActivityPerDay(q, tenantId, { now, days });
  const topFamilies = await openIncidentFamilies(q, tenantId, 10);
  const staleDevices = await staleDeviceCount(q, tenantId, { now, staleDays: input.staleDays });
  const [active] = await q.query<{ n: number }>("SELECT count(*)::int AS n FROM monitoring_alerts WHERE tenant_id = $1 AND status = 'active'", [tenantId]);
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
