import type { Queryable } from '../../../contracts';
import type { DeviceRisk } from '../schemas';

/** Intune's mobile threat levels (Secured, Low, Medium, High), as MDM compliance reads them. */
export const RISK_LEVELS = ['secure', 'low', 'medium', 'high'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

/**
 * Each device's risk: the highest severity among its open or confirmed incidents, `secure` with
 * none. (Incidents triaged benign or false positive no longer count.)
 */
export async function listDeviceRisk(q: Queryable, tenantId: string): Promise<DeviceRisk[]> {
  const rows = await q.query<{ id: string; name: string; platform: string; serial: string | null; rank: number | null; open: number; last_inspection_at: Date | null }>(
    `SELECT d.id, d.name, d.platform, d.serial, d.last_inspection_at,
            max(array_position(ARRAY['low', 'medium', 'high'], i.severity)) AS rank, count(i.id)::int AS open
       FROM gluon_devices d
       LEFT JOIN gluon_incidents i ON i.device_id = d.id AND i.state IN ('open', 'confirmed')
      WHERE d.tenant_id = $1
      GROUP BY d.id ORDER BY d.name, d.id`,
    [tenantId],
  );
  return rows.map((r) => ({
    deviceId: r.id,
    name: r.name,
    platform: r.platform,
    serial: r.serial,
    // An incident severity outside the three levels counts as high (array_position gives null).
    riskLevel: r.open === 0 ? 'secure' : RISK_LEVELS[r.rank ?? 3]!,
    openIncidents: r.open,
    lastInspectionAt: r.last_inspection_at ? new Date(r.last_inspection_at).toISOString() : null,
  }));
}
