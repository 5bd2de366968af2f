import type { AlertSource } from '../alertTypes';

/** A new incident, or one triaged benign / false positive that new findings reopened. */
export const incidentSource: AlertSource = {
  name: 'incident',
  select: `SELECT i.tenant_id, 'incident:' || e.id, 'incident',
                  CASE WHEN i.severity IN ('low', 'medium', 'high') THEN i.severity ELSE 'high' END,
                  CASE e.kind WHEN 'opened' THEN 'New incident: ' ELSE 'Incident reopened: ' END || i.family_name || ' on ' || d.name,
                  d.id, d.name, i.family_id, i.family_name, i.id, NULL::uuid, NULL::uuid, e.at, e.at
             FROM gluon_incident_events e
             JOIN gluon_incidents i ON i.id = e.incident_id
             JOIN gluon_devices d ON d.id = i.device_id
            WHERE e.at > $1
              AND (e.kind = 'opened' OR (e.kind = 'findings' AND e.from_state IN ('benign', 'false_positive') AND e.to_state = 'open'))`,
};
