import { deviceDisplayName } from '@common/devices/deviceDisplayName';

import type { Queryable } from '../../../contracts';
import { deviceRiskInputs } from '../../gluon/public';
import type { DeviceRisk } from '../schemas';

/** Intune's mobile threat levels (Secured, Low, Medium, High), as MDM compliance reads them. */
export const RISK_LEVELS = ['secure', 'low', 'medium', 'high'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

/**
 * Each device's risk: the highest severity among its open or confirmed incidents, `secure` with
 * none. (Incidents triaged benign or false positive no longer count.)
 */
export async function listDeviceRisk(q: Queryable, tenantId: string): Promise<DeviceRisk[]> {
  const rows = await deviceRiskInputs(q, tenantId);
  return rows.map((r) => ({
    deviceId: r.deviceId,
    name: r.name,
    displayName: deviceDisplayName(r.name),
    platform: r.platform,
    serial: r.serial,
    // An incident severity outside the three levels counts as high (gluon gives no rank).
    riskLevel: r.openIncidents === 0 ? 'secure' : RISK_LEVELS[r.severityRank === null ? 3 : r.severityRank + 1]!,
    openIncidents: r.openIncidents,
    lastInspectionAt: r.lastInspectionAt,
  }));
}
