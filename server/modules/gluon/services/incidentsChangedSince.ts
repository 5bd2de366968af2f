import type { Queryable } from '../../../contracts';
import { iso, type Stamp } from '../../../db/sqlRows';
import type { IncidentEventKind, IncidentState } from './incidents';

/** An incident timeline event with what a reader outside gluon needs of its incident and device. */
export interface IncidentEventItem {
  eventId: string;
  kind: IncidentEventKind;
  fromState: IncidentState | null;
  toState: IncidentState | null;
  at: string;
  tenantId: string;
  incidentId: string;
  severity: string;
  familyId: string;
  familyName: string;
  deviceId: string;
  deviceName: string;
}

/** Every tenant's incident events recorded after `since`, oldest first (monitoring's alert sources). */
export async function incidentEventsSince(q: Queryable, since: Date): Promise<IncidentEventItem[]> {
  const rows = await q.query<{
    event_id: string;
    kind: IncidentEventKind;
    from_state: IncidentState | null;
    to_state: IncidentState | null;
    at: Stamp;
    tenant_id: string;
    incident_id: string;
    severity: string;
    family_id: string;
    family_name: string;
    device_id: string;
    device_name: string;
  }>(
    `SELECT e.id AS event_id, e.kind, e.from_state, e.to_state, e.at, i.tenant_id, i.id AS incident_id, i.severity, i.family_id, i.family_name, d.id AS device_id, d.name AS device_name
       FROM gluon_incident_events e
       JOIN gluon_incidents i ON i.id = e.incident_id
       JOIN gluon_devices d ON d.id = i.device_id
      WHERE e.at > $1 ORDER BY e.at, e.id`,
    [since],
  );
  return rows.map((r) => ({
    eventId: r.event_id,
    kind: r.kind,
    fromState: r.from_state,
    toState: r.to_state,
    at: iso(r.at)!,
    tenantId: r.tenant_id,
    incidentId: r.incident_id,
    severity: r.severity,
    familyId: r.family_id,
    familyName: r.family_name,
    deviceId: r.device_id,
    deviceName: r.device_name,
  }));
}

/** An incident whose state changed, with its state now and when it last changed. */
export interface IncidentStateItem {
  tenantId: string;
  incidentId: string;
  state: IncidentState;
  changedAt: string;
}

/**
 * The incidents whose state changed (a triage, new findings reopening it, a suppression closing it
 * or undone) after `since`, each once with its current state: what follows an incident (monitoring's
 * alerts) aligns to the state, so reading the same change twice does nothing more.
 */
export async function incidentsChangedSince(q: Queryable, since: Date): Promise<IncidentStateItem[]> {
  const rows = await q.query<{ tenant_id: string; id: string; state: IncidentState; changed_at: Stamp }>(
    `SELECT i.tenant_id, i.id, i.state, max(e.at) AS changed_at
       FROM gluon_incident_events e JOIN gluon_incidents i ON i.id = e.incident_id
      WHERE e.at > $1 AND e.to_state IS NOT NULL AND e.to_state IS DISTINCT FROM e.from_state
      GROUP BY i.id ORDER BY 4, i.id`,
    [since],
  );
  return rows.map((r) => ({ tenantId: r.tenant_id, incidentId: r.id, state: r.state, changedAt: iso(r.changed_at)! }));
}
