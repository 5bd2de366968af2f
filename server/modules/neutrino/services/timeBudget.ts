import { type Database, HttpError, type Queryable } from '../../../contracts';

/** Longest a hunt, sweep or campaign query may run (PostgreSQL's statement_timeout) before it is stopped. */
export const HUNT_TIME_BUDGET_MS = 5_000;

/** PostgreSQL's query_canceled: statement_timeout was reached. */
const QUERY_CANCELED = '57014';

export function timeBudgetMessage(ms: number): string {
  return `The search took longer than ${ms / 1000} s and was stopped: narrow it (a longer value, exact or prefix instead of contains, fewer kinds or a shorter time range).`;
}

/**
 * Runs read-only statements under a time budget. On PostgreSQL each statement gets
 * `statement_timeout` (SET LOCAL, so it ends with the transaction and never leaks to a pooled
 * connection); a statement cut short answers 503 with the message above. PGlite runs in this
 * process and cannot cancel a statement: there the indexes are the bound (README "Neutrino").
 */
export async function withTimeBudget<T>(
  db: Database,
  fn: (q: Queryable) => Promise<T>,
  ms = HUNT_TIME_BUDGET_MS,
  options: { indexOnly?: boolean } = {},
): Promise<T> {
  if (db.kind !== 'postgres' && !options.indexOnly) return fn(db);
  try {
    return await db.tx(async (q) => {
      if (db.kind === 'postgres') await q.query(`SET LOCAL statement_timeout = ${Math.max(1, Math.floor(ms))}`);
      // A sweep probes the trigram index once per value: a sequential scan per value (what a
      // planner picks on a small or never-analysed table) would read the table 10,000 times.
      if (options.indexOnly) await q.query('SET LOCAL enable_seqscan = off');
      return fn(q);
    });
  } catch (error) {
    if ((error as { code?: string }).code === QUERY_CANCELED) throw new HttpError(503, timeBudgetMessage(ms));
    throw error;
  }
}
