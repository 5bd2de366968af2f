/**
 * Secret checks (a password, a TOTP or recovery code) this instance is running and has not
 * recorded yet. The database counters (lockout.ts, rateLimit.ts) learn of an attempt only once it
 * failed: without this, a burst of parallel guesses would all be checked against the same
 * "under the limit" state. A check holds its keys until its failure is recorded (or it
 * succeeded), and every decision counts, as possible failures, the checks that began before it
 * and still hold: the first of a burst always gets its answer, the ones past the limit get 429.
 * Per instance: N instances let at most N bursts' worth of checks run at once (ARCHITECTURE.md).
 */
export interface AttemptsInFlight {
  /** Holds one attempt on `key` until `release()` (idempotent). */
  hold(key: string): AttemptHold;
  /** Attempts in flight on `key` now (tests, diagnostics). */
  count(key: string): number;
}

export interface AttemptHold {
  /**
   * Checks on the same key that began before this one and still hold it. A decision reads it right
   * before it reads the counters: an earlier check that let go before then had recorded its failure.
   */
  earlier(): number;
  release(): void;
}

export function createAttemptsInFlight(): AttemptsInFlight {
  const active = new Map<string, Set<number>>();
  let next = 0;
  return {
    hold(key) {
      const mine = next++;
      const holders = active.get(key) ?? new Set<number>();
      holders.add(mine);
      active.set(key, holders);
      let held = true;
      return {
        earlier() {
          let n = 0;
          for (const other of active.get(key) ?? []) if (other < mine) n++;
          return n;
        },
        release() {
          if (!held) return;
          held = false;
          holders.delete(mine);
          // Keys of finished attempts go, so the map stays as small as the attempts running.
          if (holders.size === 0 && active.get(key) === holders) active.delete(key);
        },
      };
    },
    count: (key) => active.get(key)?.size ?? 0,
  };
}
