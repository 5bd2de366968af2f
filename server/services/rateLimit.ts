/**
 * Limits failed attempts (wrong password, wrong code, wrong recovery code) per client IP in a
 * sliding window; successes are not counted, so benchmarks and busy offices are not throttled.
 * Per instance (in memory): with N instances an IP gets at most N times the budget; the
 * per-account lockout (in the database) is the cross-instance guard.
 */
export interface FailureLimiter {
  /** Seconds to wait when `key` is over budget, else 0. */
  retryAfter(key: string): number;
  fail(key: string): void;
  reset(key: string): void;
}

export const IP_FAILURE_LIMIT = 50;
export const IP_FAILURE_WINDOW_S = 10 * 60;

export function createFailureLimiter(limit = IP_FAILURE_LIMIT, windowS = IP_FAILURE_WINDOW_S, now: () => number = Date.now): FailureLimiter {
  const hits = new Map<string, number[]>();
  const recent = (key: string): number[] => {
    const since = now() - windowS * 1000;
    const list = (hits.get(key) ?? []).filter((t) => t > since);
    if (list.length === 0) hits.delete(key);
    else hits.set(key, list);
    return list;
  };
  return {
    retryAfter(key) {
      const list = recent(key);
      if (list.length < limit) return 0;
      return Math.max(1, Math.ceil((list[0]! + windowS * 1000 - now()) / 1000));
    },
    fail(key) {
      const list = recent(key);
      list.push(now());
      hits.set(key, list);
      if (hits.size > 100_000) hits.delete(hits.keys().next().value!);
    },
    reset(key) {
      hits.delete(key);
    },
  };
}
