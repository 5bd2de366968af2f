import { createHash } from 'node:crypto';

import type { Database, Queryable } from '../../contracts';
import { preparedQuery } from '../../db/prepared';
import { SPEND_SQL, TooManyAttempts } from '../../services/rateLimit';

/**
 * Progressive per-account lockout (NIST 800-63B: at most 100 consecutive failures).
 * Two counters per user: `failed_logins` (password: login, validatePassword, password change)
 * and `failed_mfa` (TOTP and recovery codes, sign-in and password reset). A success resets its
 * own counter only, so knowing the password does not reset the second-factor budget.
 *  - the first FREE_FAILURES consecutive failures cost nothing;
 *  - after that each attempt must wait 2^(n - FREE_FAILURES) s (capped at MAX_DELAY_S) after the
 *    previous failure, and the waiting slot is claimed atomically (parallel guesses get 429);
 *  - at HARD_LOCK_FAILURES the account is locked until a password reset (password counter) or
 *    an administrator resets it (users routes: enable / reset MFA).
 * An e-mail without an account gets the same counter and answers (table unknown_account_lockouts),
 * in the database like the users' counters: shared by instances, kept across restarts.
 */
export const FREE_FAILURES = 5;
export const MAX_DELAY_S = 15 * 60;
export const HARD_LOCK_FAILURES = 100;

export type Counter = 'login' | 'mfa';

/** Where a counter lives: a user's columns, or the stand-in row of a sign-in name without an account. */
interface CounterRow {
  table: 'users' | 'unknown_account_lockouts';
  key: 'id' | 'key';
  count: string;
  at: string;
}

const COLUMNS: Record<Counter, CounterRow> = {
  login: { table: 'users', key: 'id', count: 'failed_logins', at: 'last_failed_login_at' },
  mfa: { table: 'users', key: 'id', count: 'failed_mfa', at: 'last_failed_mfa_at' },
};
const UNKNOWN: CounterRow = { table: 'unknown_account_lockouts', key: 'key', count: 'failures', at: 'last_failed_at' };

const LOCKED_MESSAGE: Record<Counter, string> = {
  login: 'This account is locked after too many failed attempts. Reset your password or contact your administrator.',
  mfa: 'Second-factor sign-in is locked after too many failed attempts. Contact your administrator.',
};

/** Who a sign-in attempt counts against: a user's counter, or (password sign-in) an e-mail without an account. */
export type LockoutSubject = { userId: string; counter: Counter } | { unknownEmail: string };

function rowOf(subject: LockoutSubject): { c: CounterRow; id: string; locked: string } {
  if ('userId' in subject)
    return { c: COLUMNS[subject.counter], id: subject.userId, locked: LOCKED_MESSAGE[subject.counter] };
  return { c: UNKNOWN, id: unknownAccountKey(subject.unknownEmail), locked: LOCKED_MESSAGE.login };
}

/** The stand-in row's key: SHA-256 of the normalised e-mail (typed usernames are not kept in clear). */
export function unknownAccountKey(normalisedEmail: string): string {
  return createHash('sha256').update(normalisedEmail).digest('hex');
}

export function delaySeconds(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(2 ** (failures - FREE_FAILURES), MAX_DELAY_S);
}

/**
 * Throws 429 (with Retry-After) when the subject may not try now; otherwise claims the attempt.
 * Call before checking the secret. Known users and unknown names run the same statements
 * (one read; one claiming update once past the free failures), so timing tells nothing.
 */
export async function claimSubjectAttempt(
  q: Queryable,
  subject: LockoutSubject,
  inFlight: () => number = () => 0,
): Promise<void> {
  const { c, id } = rowOf(subject);
  // Read before the counter: a check that ended before now has its failure in the counter.
  const running = inFlight();
  const [row] = await q.query<LockState>(
    `SELECT ${c.count} AS failures,
            CEIL(EXTRACT(EPOCH FROM (${c.at} + make_interval(secs => LEAST(power(2, GREATEST(${c.count} - $2, 0)), $3)) - now())))::int AS wait
       FROM ${c.table} WHERE ${c.key} = $1`,
    [id, FREE_FAILURES, MAX_DELAY_S],
  );
  await claimFromState(q, subject, row ?? null, running);
}

/** A counter as read: consecutive failures and seconds until the next slot opens. */
export interface LockState {
  failures: number;
  wait: number | null;
}

/** A free attempt is refused while this many others run: they may all fail (attemptsInFlight.ts). */
const BUSY_WAIT_S = 1;

/**
 * The decision of claimSubjectAttempt for a state already read (e.g. with the user,
 * readPasswordSignIn). `inFlight`: checks of the same subject this instance is running and has
 * not recorded yet (attemptsInFlight.ts); each may still become a failure, so the free failures
 * count them too. Past the free failures the database claim below admits one attempt at a time.
 */
export async function claimFromState(
  q: Queryable,
  subject: LockoutSubject,
  state: LockState | null,
  inFlight = 0,
): Promise<void> {
  const failures = state?.failures ?? 0;
  const { locked } = rowOf(subject);
  // Waiting does not lift a hard lock; Retry-After says when asking again makes sense at the earliest.
  if (failures >= HARD_LOCK_FAILURES) throw new TooManyAttempts(locked, MAX_DELAY_S);
  if (failures < FREE_FAILURES) {
    if (failures + inFlight < FREE_FAILURES) return;
    throw new TooManyAttempts(`Too many failed attempts. Try again in ${BUSY_WAIT_S} seconds.`, BUSY_WAIT_S);
  }
  const { c, id } = rowOf(subject);
  // Claim the slot: only one of several parallel attempts passes once the wait is over.
  const claimed = await q.query(
    `UPDATE ${c.table} SET ${c.at} = now()
      WHERE ${c.key} = $1 AND ${c.count} >= $2
        AND (${c.at} IS NULL OR ${c.at} <= now() - make_interval(secs => LEAST(power(2, ${c.count} - $2), $3)))
      RETURNING ${c.key}`,
    [id, FREE_FAILURES, MAX_DELAY_S],
  );
  if (claimed.length === 0) {
    const wait = Math.max(1, state?.wait ?? 1);
    throw new TooManyAttempts(`Too many failed attempts. Try again in ${wait} seconds.`, wait);
  }
}

/**
 * Counts a failure against the subject; answers the consecutive failures so far. With `ipKey`
 * the client's IP budget is spent in the same statement (one round trip for either kind of subject).
 */
export async function recordSubjectFailure(
  q: Queryable & Partial<Pick<Database, 'prepared'>>,
  subject: LockoutSubject,
  ipKey?: string,
): Promise<number> {
  const { c, id } = rowOf(subject);
  const spend = ipKey === undefined ? '' : `WITH spent AS (${SPEND_SQL} ($2)) `;
  const sql =
    c.table === 'users'
      ? `${spend}UPDATE users SET ${c.count} = ${c.count} + 1, ${c.at} = now() WHERE id = $1 RETURNING ${c.count} AS n`
      : `${spend}INSERT INTO unknown_account_lockouts AS l (key, failures, last_failed_at) VALUES ($1, 1, now())
         ON CONFLICT (key) DO UPDATE SET failures = l.failures + 1, last_failed_at = now() RETURNING l.failures AS n`;
  // Named prepared (db/prepared.ts), one name per text: a failed sign-in of either kind pays
  // the same statement cost, parsed and planned once.
  const name = `record_failure_${c.table}_${c.count}${ipKey === undefined ? '' : '_ip'}`;
  const [row] = await preparedQuery<{ n: number }>(q, name, sql, ipKey === undefined ? [id] : [id, ipKey]);
  return row?.n ?? 0;
}

/** claimSubjectAttempt for a user's counter. */
export function claimAttempt(
  q: Queryable,
  userId: string,
  counter: Counter,
  inFlight: () => number = () => 0,
): Promise<void> {
  return claimSubjectAttempt(q, { userId, counter }, inFlight);
}

export function recordFailure(q: Queryable, userId: string, counter: Counter): Promise<number> {
  return recordSubjectFailure(q, { userId, counter });
}

export async function resetFailures(q: Queryable, userId: string, counter: Counter): Promise<void> {
  const c = COLUMNS[counter];
  await q.query(`UPDATE users SET ${c.count} = 0, ${c.at} = NULL WHERE id = $1 AND ${c.count} <> 0`, [userId]);
}
