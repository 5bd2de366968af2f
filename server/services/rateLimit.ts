import { HttpError, type Queryable } from '../contracts';

/**
 * Limits failed attempts (wrong password, wrong code, wrong recovery code) per client IP in a
 * sliding window; successes are not counted, so benchmarks and busy offices are not throttled.
 * The failures live in the database (table failure_events, migration 002): every instance on
 * it shares one budget per IP and a restart does not reset it.
 */
export interface FailureLimiter {
  /**
   * Seconds to wait when `key` is over budget, else 0. `inFlight`: the key's checks this instance
   * is running and has not recorded yet (attemptsInFlight.ts), counted as if they failed.
   */
  retryAfter(key: string, inFlight?: number): Promise<number>;
  fail(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  /** Deletes failures older than the window and stale unknown-account stand-ins, at most once a minute per instance. */
  prune(): Promise<void>;
  readonly limit: number;
  readonly windowS: number;
}

export const IP_FAILURE_LIMIT = 50;
export const IP_FAILURE_WINDOW_S = 10 * 60;
/** Days a stand-in lockout of an e-mail without an account is kept after its last failure. */
export const UNKNOWN_ACCOUNT_RETENTION_DAYS = 30;
/** How often one instance prunes rows older than the window (any instance's prune serves all). */
const PRUNE_EVERY_MS = 60_000;

/** A 429 with the seconds to wait; the error handler sends them as `Retry-After`. */
export class TooManyAttempts extends HttpError {
  constructor(
    message: string,
    readonly retryAfterS: number,
  ) {
    super(429, message);
  }
}

/** Retry-After when the checks already running could spend the rest of the budget. */
export const IN_FLIGHT_WAIT_S = 1;

/**
 * ipWaitSql's offset: the failure that, with the `inFlight` checks still running, would be the
 * limit-th; null when those checks alone could spend the budget.
 */
export function ipBudgetOffset(limit: number, inFlight: number): number | null {
  const offset = limit - 1 - inFlight;
  return offset < 0 ? null : offset;
}

/** The statement that spends one unit of `key`'s budget (also used inside combined statements). */
export const SPEND_SQL = 'INSERT INTO failure_events (key) VALUES';

export function createFailureLimiter(
  db: Queryable,
  limit = IP_FAILURE_LIMIT,
  windowS = IP_FAILURE_WINDOW_S,
  now: () => number = Date.now,
): FailureLimiter {
  let lastPrune = 0;
  const limiter: FailureLimiter = {
    limit,
    windowS,
    async retryAfter(key, inFlight = 0) {
      const offset = ipBudgetOffset(limit, inFlight);
      if (offset === null) return IN_FLIGHT_WAIT_S;
      const [row] = await db.query<{ wait: number | null }>(`SELECT (${ipWaitSql('$1', '$2', '$3')}) AS wait`, [
        key,
        windowS,
        offset,
      ]);
      return row?.wait ? Math.max(1, row.wait) : 0;
    },
    async fail(key) {
      await db.query(`${SPEND_SQL} ($1)`, [key]);
      await limiter.prune();
    },
    async reset(key) {
      await db.query('DELETE FROM failure_events WHERE key = $1', [key]);
    },
    async prune() {
      if (now() - lastPrune < PRUNE_EVERY_MS) return;
      lastPrune = now();
      await db.query('DELETE FROM failure_events WHERE at < now() - make_interval(secs => $1)', [windowS]);
      // Stand-ins of e-mails without an account (modules/auth/lockout.ts) would otherwise grow with every
      // sprayed name; a month without a failure forgets one (a real account's lock would stay: the
      // price of a bounded table, documented in ARCHITECTURE.md).
      await db.query('DELETE FROM unknown_account_lockouts WHERE last_failed_at < now() - make_interval(days => $1)', [
        UNKNOWN_ACCOUNT_RETENTION_DAYS,
      ]);
    },
  };
  return limiter;
}

/**
 * Seconds until `key` is back under budget, or NULL: the (limit)-th most recent failure inside
 * the window keeps the key over budget until it leaves the window. A scalar subquery, so sign-in
 * can read it together with the account (modules/auth/signIn.ts). Parameters: key, window (s), limit - 1.
 */
export function ipWaitSql(key: string, windowS: string, offset: string): string {
  return `SELECT CEIL(EXTRACT(EPOCH FROM (f.at + make_interval(secs => ${windowS}) - now())))::int
            FROM failure_events f WHERE f.key = ${key} AND f.at > now() - make_interval(secs => ${windowS})
           ORDER BY f.at DESC OFFSET ${offset} LIMIT 1`;
}
