import type { AlertSource } from '../alertTypes';

/**
 * A saved neutrino hunt that matched a new inspection: one alert per hunt and inspection, however
 * many values matched (the title names the first). Matches of inspections that finished before the
 * hunt was saved are the hunt's first run over everything collected, which the analyst saw on
 * screen when saving: they raise no alert.
 */
export const huntMatchSource: AlertSource = {
  name: 'hunt',
  select: `SELECT m.tenant_id, 'hunt:' || m.hunt_id || ':' || m.inspection_id, 'hunt', 'high',
                  'Saved hunt "' || h.name || '" matched on ' || d.name || ': ' || min(m.kind || ' ' || left(m.value, 120))
                    || CASE WHEN count(*) > 1 THEN ' and ' || (count(*) - 1) || ' more' ELSE '' END,
                  d.id, d.name, NULL, NULL, NULL::uuid, m.inspection_id, m.hunt_id, min(m.created_at), max(m.created_at)
             FROM neutrino_hunt_matches m
             JOIN neutrino_saved_hunts h ON h.id = m.hunt_id
             JOIN gluon_devices d ON d.id = m.device_id
             JOIN gluon_inspections n ON n.id = m.inspection_id
            WHERE m.created_at > $1 AND coalesce(n.finished_at, n.created_at) >= h.created_at
            GROUP BY m.tenant_id, m.hunt_id, m.inspection_id, h.name, d.id, d.name`,
};
