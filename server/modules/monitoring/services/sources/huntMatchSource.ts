import { inspectionDevices } from '../../../gluon/public';
import type { AlertSource } from '../alertTypes';

/**
 * A saved neutrino hunt that matched a new inspection: one alert per hunt and inspection, however
 * many values matched (the title names the first). Matches of inspections that finished before the
 * hunt was saved are the hunt's first run over everything collected, which the analyst saw on
 * screen when saving: they raise no alert.
 */
export const huntMatchSource: AlertSource = {
  name: 'hunt',
  async collect(q, { since }) {
    const groups = await q.query<{
      tenant_id: string;
      hunt_id: string;
      inspection_id: string;
      name: string;
      hunt_created: Date | string;
      first: string;
      n: number;
      first_seen: Date | string;
      last_seen: Date | string;
    }>(
      `SELECT m.tenant_id, m.hunt_id, m.inspection_id, h.name, h.created_at AS hunt_created, min(m.kind || ' ' || left(m.value, 120)) AS first, count(*)::int AS n,
              min(m.created_at) AS first_seen, max(m.created_at) AS last_seen
         FROM neutrino_hunt_matches m JOIN neutrino_saved_hunts h ON h.id = m.hunt_id
        WHERE m.created_at > $1
        GROUP BY m.tenant_id, m.hunt_id, m.inspection_id, h.name, h.created_at`,
      [since],
    );
    const inspections = await inspectionDevices(
      q,
      groups.map((g) => g.inspection_id),
    );
    return groups.flatMap((g) => {
      const n = inspections.get(g.inspection_id);
      if (!n || new Date(n.endedAt) < new Date(g.hunt_created)) return [];
      return [
        {
          tenantId: g.tenant_id,
          sourceKey: `hunt:${g.hunt_id}:${g.inspection_id}`,
          category: 'hunt' as const,
          severity: 'high' as const,
          title: `Saved hunt "${g.name}" matched on ${n.deviceName}: ${g.first}${g.n > 1 ? ` and ${g.n - 1} more` : ''}`,
          deviceId: n.deviceId,
          deviceName: n.deviceName,
          familyId: null,
          familyName: null,
          incidentId: null,
          inspectionId: g.inspection_id,
          huntId: g.hunt_id,
          firstSeen: new Date(g.first_seen).toISOString(),
          lastSeen: new Date(g.last_seen).toISOString(),
        },
      ];
    });
  },
};
