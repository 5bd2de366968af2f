import type { RuleFrequency } from './ruleMatch';

const DAY_MS = 24 * 3600_000;

/**
 * When a delivery opened now goes out: at once after the grouping window (alerts arriving in it
 * join the same mail), the next UTC midnight for a daily digest, the next Monday 00:00 UTC for
 * the weekly summary.
 */
export function dueAt(frequency: RuleFrequency, now: Date, groupWindowSeconds: number): Date {
  if (frequency === 'immediate') return new Date(now.getTime() + groupWindowSeconds * 1000);
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + DAY_MS;
  if (frequency === 'daily') return new Date(midnight);
  // getUTCDay of the next midnight: 1 = Monday.
  const day = new Date(midnight).getUTCDay();
  return new Date(midnight + ((8 - day) % 7) * DAY_MS);
}

/** A delivery is tried this many times before it ends failed. */
export const MAX_DELIVERY_ATTEMPTS = 8;

/** Wait before attempt n+1 after n failed ones: 30 s doubling, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3600_000);
}
