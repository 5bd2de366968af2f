import { HttpError, type Queryable } from '../contracts';

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
 */
export const FREE_FAILURES = 5;
export const MAX_DELAY_S = 15 * 60;
export const HARD_LOCK_FAILURES = 100;

export type Counter = 'login' | 'mfa';

const COLUMNS: Record<Counter, { count: string; at: string }> = {
  login: { count: 'failed_logins', at: 'last_failed_login_at' },
  mfa: { count: 'failed_mfa', at: 'last_failed_mfa_at' },
};

export function delaySeconds(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(2 ** (failures - FREE_FAILURES), MAX_DELAY_S);
}

/**
 * Throws 429 when the account may not try now; otherwise claims the attempt. Call before
 * checking the secret.
 */
export async function claimAttempt(q: Queryable, userId: string, counter: Counter): Promise<void> {
  const c = COLUMNS[counter];
  const [row] = await q.query<{ failures: number; wait: number | null }>(
    `SELECT ${c.count} AS failures,
            CEIL(EXTRACT(EPOCH FROM (${c.at} + make_interval(secs => LEAST(power(2, GREATEST(${c.count} - $2, 0)), $3)) - now())))::int AS wait
       FROM users WHERE id = $1`,
    [userId, FREE_FAILURES, MAX_DELAY_S],
  );
  if (!row) return;
  if (row.failures >= HARD_LOCK_FAILURES) {
    throw new HttpError(429, counter === 'login'
      ? 'This account is locked after too many failed attempts. Reset your password or contact your administrator.'
      : 'Second-factor sign-in is locked after too many failed attempts. Contact your administrator.');
  }
  if (row.failures < FREE_FAILURES) return;
  // Claim the slot: only one of several parallel attempts passes once the wait is over.
  const claimed = await q.query(
    `UPDATE users SET ${c.at} = now()
      WHERE id = $1 AND ${c.count} >= $2
        AND (${c.at} IS NULL OR ${c.at} <= now() - make_interval(secs => LEAST(power(2, ${c.count} - $2), $3)))
      RETURNING id`,
    [userId, FREE_FAILURES, MAX_DELAY_S],
  );
  if (claimed.length === 0) {
    const wait = Math.max(1, row.wait ?? 1);
    throw new HttpError(429, `Too many failed attempts. Try again in ${wait} seconds.`);
  }
}

export async function recordFailure(q: Queryable, userId: string, counter: Counter): Promise<number> {
  const c = COLUMNS[counter];
  const [row] = await q.query<{ n: number }>(`UPDATE users SET ${c.count} = ${c.count} + 1, ${c.at} = now() WHERE id = $1 RETURNING ${c.count} AS n`, [userId]);
  return row?.n ?? 0;
}

export async function resetFailures(q: Queryable, userId: string, counter: Counter): Promise<void> {
  const c = COLUMNS[counter];
  await q.query(`UPDATE users SET ${c.count} = 0, ${c.at} = NULL WHERE id = $1 AND ${c.count} <> 0`, [userId]);
}

/**
 * The same lockout answers for e-mail addresses without an account, kept in memory, so that a
 * 429 does not reveal that an account exists.
 */
export interface PhantomLockout {
  claim(email: string): void;
  fail(email: string): void;
}

export function createPhantomLockout(maxEntries = 50_000, now: () => number = Date.now): PhantomLockout {
  const entries = new Map<string, { failures: number; lastAt: number }>();
  return {
    claim(email) {
      const e = entries.get(email);
      if (!e) return;
      if (e.failures >= HARD_LOCK_FAILURES) {
        throw new HttpError(429, 'This account is locked after too many failed attempts. Reset your password or contact your administrator.');
      }
      if (e.failures < FREE_FAILURES) return;
      const waitMs = e.lastAt + delaySeconds(e.failures) * 1000 - now();
      if (waitMs > 0) throw new HttpError(429, `Too many failed attempts. Try again in ${Math.max(1, Math.ceil(waitMs / 1000))} seconds.`);
      e.lastAt = now();
    },
    fail(email) {
      const e = entries.get(email) ?? { failures: 0, lastAt: 0 };
      e.failures += 1;
      e.lastAt = now();
      entries.delete(email);
      entries.set(email, e);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },
  };
}
