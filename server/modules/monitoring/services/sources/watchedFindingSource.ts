import type { AlertSource } from '../alertTypes';

/** A new (unsuppressed) finding on a device of a watched group (e.g. executives' phones). */
export const watchedFindingSource: AlertSource = {
  name: 'finding',
  select: `SELECT f.tenant_id, 'finding:' || f.id, 'finding', 'high',
                  'New finding on watched device ' || d.name || ': ' || i.family_name || ' (' || f.kind || ' ' || left(f.value, 120) || ')',
                  d.id, d.name, i.family_id, i.family_name, i.id, f.inspection_id, NULL::uuid, f.created_at, f.created_at
             FROM gluon_findings f
             JOIN gluon_incidents i ON i.id = f.incident_id
             JOIN gluon_devices d ON d.id = f.device_id
            WHERE f.created_at > $1 AND NOT f.suppressed
              AND EXISTS (SELECT 1 FROM monitoring_device_group_members m JOIN monitoring_device_groups g ON g.id = m.group_id
                           WHERE m.device_id = f.device_id AND g.watched)`,
};
