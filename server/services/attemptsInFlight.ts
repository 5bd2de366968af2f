/**
 * Secret checks (a password, a TOTP or recovery code) this instance is running and has not
 * recorded yet. The database counters (lockout.ts, rateLimit.ts) learn of an attempt only once it
 * failed: without this, a burst of parallel guesses would all be checked against the same
 * "under the limit" state. A check holds its keys from before it reads the counters until its
 * failure is recorded (or it succeeded), and every decision counts the holds of the others.
 * Per instance: N instances let at most N bursts' worth of checks run at once (ARCHITECTURE.md).
 */
export interface AttemptsInFlight {
  /** Holds one attempt on `key`; `before` is how many others were in flight then. `release` is idempotent. */
  hold(key: string): AttemptHold;
  /** Attempts in flight on `key` now (tests, diagnostics). */
  count(key: string): number;
}

export interface AttemptHold {
  /** Others holding the key when this hold began. */
  before: number;
  /**
   * Others holding the key now. A decision reads it right before it reads the counters: a check
   * that let go before then had recorded its failure already, one still holding is counted here.
   */
  others(): number;
  release(): void;
}

export function createAttemptsInFlight(): AttemptsInFlight {
  const counts = new Map<string, number>();
  return {
    hold(key) {
      const before = counts.get(key) ?? 0;
      counts.set(key, before + 1);
      let held = true;
      return {
        before,
        others: () => (counts.get(key) ?? 1) - (held ? 1 : 0),
        release() {
          if (!held) return;
          held = false;
          const left = (counts.get(key) ?? 1) - 1;
          // Keys of finished attempts go, so the map stays as small as the attempts running.
          if (left > 0) counts.set(key, left);
          else counts.delete(key);
        },
      };
    },
    count: (key) => counts.get(key) ?? 0,
  };
}
