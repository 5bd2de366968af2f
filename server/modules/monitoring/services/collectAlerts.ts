import type { Queryable } from '../../../contracts';
import { ALERT_COLUMNS, toAlert, type Alert, type AlertRow, type AlertSource } from './alertTypes';

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
export async function collectAlerts(q: Queryable, source: AlertSource, input: { now: Date; staleDays: number }): Promise<Alert[]> {
  const [cursor] = await q.query<{ since: Date }>(
    `SELECT coalesce((SELECT scanned_to FROM monitoring_source_cursors WHERE source = $1) - make_interval(mins => $2),
                     now() - make_interval(hours => $3)) AS since`,
    [source.name, SCAN_OVERLAP_MINUTES, FIRST_SCAN_LOOKBACK_HOURS],
  );
  const rows = await q.query<AlertRow>(
    `INSERT INTO monitoring_alerts (${ALERT_COLUMNS})
     SELECT * FROM (${source.select}) AS s(${ALERT_COLUMNS})
      WHERE NOT EXISTS (SELECT 1 FROM monitoring_alerts a WHERE a.tenant_id = s.tenant_id AND a.source_key = s.source_key)
        -- Every parameter named once with its type, whichever a source reads.
        AND $1::timestamptz IS NOT NULL AND $2::timestamptz IS NOT NULL AND $3::int IS NOT NULL
     ON CONFLICT (tenant_id, source_key) DO NOTHING
     RETURNING id, ${ALERT_COLUMNS}`,
    [cursor!.since, input.now, input.staleDays],
  );
  await q.query(
    `INSERT INTO monitoring_source_cursors (source, scanned_to) VALUES ($1, now())
     ON CONFLICT (source) DO UPDATE SET scanned_to = GREATEST(monitoring_source_cursors.scanned_to, EXCLUDED.scanned_to)`,
    [source.name],
  );
  return rows.map(toAlert);
}
