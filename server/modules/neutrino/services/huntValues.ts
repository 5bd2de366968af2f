import type { Database } from '../../../contracts';
import { escapeLike, type HuntQuery } from './huntQuery';
import { HUNT_TIME_BUDGET_MS, withTimeBudget } from './timeBudget';

/**
 * Most distinct values a "contains" hunt looks up one by one in the b-tree on value; a substring
 * found in more (a quarter of the fleet's domains) reads the observations' trigram index directly,
 * as before the dictionary. Measured in server/bench/neutrinoBench.ts (README "Value dictionary").
 */
export const DICTIONARY_MAX_VALUES = 2000;

/** How often pruneHuntValues runs (neutrino's jobs.ts). */
export const PRUNE_HUNT_VALUES_MS = 24 * 60 * 60 * 1000;

/** The advisory lock shared by the trigger of migration 017 and taken exclusively by pruning. */
const DICTIONARY_LOCK = 727274017;

/**
 * The distinct values of neutrino_values (migration 017) a contains hunt matches, with its kind
 * filter; null when the hunt is not a contains, `limit` is 0 (the direct path, for comparison) or
 * more than `limit` entries match. The trigger keeps every observed (kind, value) in the
 * dictionary, so the observations holding these values are exactly those the pattern matches.
 * The dictionary has no tenant: it only chooses values; the hunt reads the tenant's observations.
 *
 * Its own short transaction, under the time budget and without sequential scans: a planner
 * without statistics (PGlite analyses only hourly) reads the whole dictionary otherwise.
 */
export async function dictionaryValues(
  db: Database,
  query: HuntQuery,
  limit = DICTIONARY_MAX_VALUES,
): Promise<string[] | null> {
  if (query.mode !== 'contains' || limit <= 0) return null;
  const params: unknown[] = [`%${escapeLike(query.value)}%`, limit + 1];
  let kinds = '';
  if (query.kinds && query.kinds.length > 0) {
    params.push([...query.kinds]);
    kinds = 'WHERE kind = ANY($3::text[])';
  }
  // MATERIALIZED: the scan is the trigram index alone (the kind filter, applied after, never
  // turns it into a walk of the kind b-tree), and the LIMIT still stops reading the heap once
  // past it. Entries, not distinct values, are counted: a duplicate entry can only make the
  // fallback come earlier, never change results.
  const rows = await withTimeBudget(
    db,
    (q) =>
      q.query<{ value: string }>(
        `WITH m AS MATERIALIZED (SELECT kind, value FROM neutrino_values WHERE value ILIKE $1) SELECT value FROM m ${kinds} LIMIT $2`,
        params,
      ),
    HUNT_TIME_BUDGET_MS,
    { indexOnly: true },
  );
  if (rows.length > limit) return null;
  return [...new Set(rows.map((r) => r.value))];
}

/**
 * Housekeeping: removes dictionary entries no observation holds any more (retention, deleted
 * devices and tenants) and duplicates (a value first stored by two inspections at once). Waits
 * for inspections in flight (the trigger's shared lock) and holds new ones back while it runs, so
 * a value an uncommitted inspection found already listed is never removed under it. Stale entries
 * are harmless meanwhile: a hunt only looks their values up among the tenant's observations.
 * Returns how many entries were removed.
 */
export async function pruneHuntValues(db: Database): Promise<number> {
  return db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock($1)', [DICTIONARY_LOCK]);
    const stale = await q.query(
      'DELETE FROM neutrino_values v WHERE NOT EXISTS (SELECT 1 FROM gluon_observations o WHERE o.value = v.value AND o.kind = v.kind) RETURNING 1',
    );
    const duplicates = await q.query(
      'DELETE FROM neutrino_values a USING neutrino_values b WHERE a.kind = b.kind AND a.value = b.value AND a.ctid > b.ctid RETURNING 1',
    );
    return stale.length + duplicates.length;
  });
}
