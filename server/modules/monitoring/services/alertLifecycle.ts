import { INCIDENT_STATE_LABELS, isClosedIncidentState } from '@common/incidents/incidentStates';

import type { Queryable } from '../../../contracts';
import { incidentsChangedSince } from '../../gluon/public';
import { FIRST_SCAN_LOOKBACK_HOURS, SCAN_OVERLAP_MINUTES } from './collectAlerts';

/** The cursor name of the lifecycle's scan in monitoring_source_cursors (beside the alert sources'). */
export const LIFECYCLE_CURSOR = 'incident_lifecycle';

export const REOPENED_REASON = 'Incident reopened';
export const closedReason = (state: string) =>
  `Incident triaged ${(INCIDENT_STATE_LABELS as Record<string, string>)[state]?.toLowerCase() ?? state}`;

/**
 * An alert's lifecycle follows its incident, the one rule: when the incident closes (triaged benign
 * or false positive, every finding suppressed) its active or acknowledged alerts resolve, with the
 * reason; when it reopens (open or confirmed again) the alerts that closing resolved are active
 * again (of the incident's own alerts, the newest: one active incident alert per incident). An
 * alert resolved or ignored by hand keeps its status. The scan reads the incidents changed since its
 * cursor (less the sources' overlap) and aligns to each one's current state, so reading a change
 * twice does nothing more. Returns how many alerts changed.
 */
export async function followIncidents(q: Queryable): Promise<number> {
  const [cursor] = await q.query<{ since: Date }>(
    `SELECT coalesce((SELECT scanned_to FROM monitoring_source_cursors WHERE source = $1) - make_interval(mins => $2),
                     now() - make_interval(hours => $3)) AS since`,
    [LIFECYCLE_CURSOR, SCAN_OVERLAP_MINUTES, FIRST_SCAN_LOOKBACK_HOURS],
  );
  const changed = await incidentsChangedSince(q, new Date(cursor!.since));
  const closed = changed.filter((c) => isClosedIncidentState(c.state));
  const reopened = changed.filter((c) => !isClosedIncidentState(c.state));
  let n = 0;
  if (closed.length > 0) {
    const rows = await q.query(
      `UPDATE monitoring_alerts a SET status = 'resolved', status_by = NULL, status_by_email = NULL, status_at = c.at, status_reason = c.reason
         FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[], $4::text[]) AS c(tenant_id, incident_id, at, reason)
        WHERE a.tenant_id = c.tenant_id AND a.incident_id = c.incident_id AND a.status IN ('active', 'acknowledged')
        RETURNING a.id`,
      [
        closed.map((c) => c.tenantId),
        closed.map((c) => c.incidentId),
        closed.map((c) => c.changedAt),
        closed.map((c) => closedReason(c.state)),
      ],
    );
    n += rows.length;
  }
  if (reopened.length > 0) {
    // Only what the incident's closing resolved (a reason, nobody's name): a person's decision stands.
    // Of the incident's own alerts only the newest: new findings reopening a closed incident raise
    // their own "Incident reopened" alert (incidentSource), which then stands alone for the incident.
    const rows = await q.query(
      `UPDATE monitoring_alerts a SET status = 'active', status_by = NULL, status_by_email = NULL, status_at = c.at, status_reason = $4
         FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[]) AS c(tenant_id, incident_id, at)
        WHERE a.tenant_id = c.tenant_id AND a.incident_id = c.incident_id AND a.status = 'resolved' AND a.status_by IS NULL AND a.status_reason IS NOT NULL
          AND (a.category <> 'incident' OR NOT EXISTS (
                SELECT 1 FROM monitoring_alerts n
                 WHERE n.tenant_id = a.tenant_id AND n.incident_id = a.incident_id AND n.category = 'incident'
                   AND (n.created_at, n.id) > (a.created_at, a.id)))
        RETURNING a.id`,
      [
        reopened.map((c) => c.tenantId),
        reopened.map((c) => c.incidentId),
        reopened.map((c) => c.changedAt),
        REOPENED_REASON,
      ],
    );
    n += rows.length;
  }
  await q.query(
    `INSERT INTO monitoring_source_cursors (source, scanned_to) VALUES ($1, now())
     ON CONFLICT (source) DO UPDATE SET scanned_to = GREATEST(monitoring_source_cursors.scanned_to, EXCLUDED.scanned_to)`,
    [LIFECYCLE_CURSOR],
  );
  return n;
}
