import type { Queryable } from '../../../contracts';
import { type Alert, ALERT_COLUMNS, type AlertCandidate, type AlertRow, type AlertSource, toAlert } from './alertTypes';

/**
 * A source re-reads this much before its cursor: a transaction that commits late stamps its rows
 * with its start time, which may be before the last scan. Re-reading is harmless (unique key).
 */
export const SCAN_OVERLAP_MINUTES = 15;
/** Where a source's first scan starts (a new install does not alert on its whole history). */
export const FIRST_SCAN_LOOKBACK_HOURS = 24;

/**
 * Runs one source and inserts the alerts it finds, each once (two instances scanning together
 * insert one row per source key); returns the alerts this call created. The cursor is database
 * time, as the rows' stamps are; `now` (the injected clock) only measures staleness.
 */
export async function collectAlerts(
  q: Queryable,
  source: AlertSource,
  input: { now: Date; staleDays: number },
): Promise<Alert[]> {
  const [cursor] = await q.query<{ since: Date }>(
    `SELECT coalesce((SELECT scanned_to FROM monitoring_source_cursors WHERE source = $1) - make_interval(mins => $2),
                     now() - make_interval(hours => $3)) AS since`,
    [source.name, SCAN_OVERLAP_MINUTES, FIRST_SCAN_LOOKBACK_HOURS],
  );
  const found = await source.collect(q, { since: new Date(cursor!.since), now: input.now, staleDays: input.staleDays });
  const rows = found.length === 0 ? [] : await insertAlerts(q, found);
  await q.query(
    `INSERT INTO monitoring_source_cursors (source, scanned_to) VALUES ($1, now())
     ON CONFLICT (source) DO UPDATE SET scanned_to = GREATEST(monitoring_source_cursors.scanned_to, EXCLUDED.scanned_to)`,
    [source.name],
  );
  return rows.map(toAlert);
}

/** Inserts the candidates in one statement (arrays unnested on the server), each source key once. */
async function insertAlerts(q: Queryable, found: readonly AlertCandidate[]): Promise<AlertRow[]> {
  const column = <K extends keyof AlertCandidate>(key: K) => found.map((a) => a[key]);
  return q.query<AlertRow>(
    `INSERT INTO monitoring_alerts (${ALERT_COLUMNS})
     SELECT DISTINCT ON (s.tenant_id, s.source_key) * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::uuid[], $7::text[], $8::text[], $9::text[],
                                 $10::uuid[], $11::uuid[], $12::uuid[], $13::timestamptz[], $14::timestamptz[]) AS s(${ALERT_COLUMNS})
      WHERE NOT EXISTS (SELECT 1 FROM monitoring_alerts a WHERE a.tenant_id = s.tenant_id AND a.source_key = s.source_key)
     ON CONFLICT (tenant_id, source_key) DO NOTHING
     RETURNING id, ${ALERT_COLUMNS}`,
    [
      column('tenantId'),
      column('sourceKey'),
      column('category'),
      column('severity'),
      column('title'),
      column('deviceId'),
      column('deviceName'),
      column('familyId'),
      column('familyName'),
      column('incidentId'),
      column('inspectionId'),
      column('huntId'),
      column('firstSeen'),
      column('lastSeen'),
    ],
  );
}
