import { StorageKeys, type StorageService } from '../storage/StorageService';
import { REFRESH_INTERVAL_MS } from './SessionService';

/** Extra time a lease lives past one period, so the holder renews before anyone else may take it
 *  even when its timer fires late (background tabs throttle timers to about once a minute). */
export const LEASE_SLACK_MS = 60_000;

/** A refresh restarted sooner than this after the last one is a restart (a path change, a
 *  gateway timeout bouncing the user through /login and back), not a new period: skipping it
 *  keeps an outage from turning into a tight refresh loop. */
export const MIN_REFRESH_GAP_MS = REFRESH_INTERVAL_MS / 2;

interface Lease {
  tabId: string;
  until: number;
  /** When the holder last started a refresh. */
  at?: number;
}

function readLease(storage: StorageService): Lease | null {
  const raw = storage.get(StorageKeys.refreshLease);
  if (!raw) return null;
  try {
    const lease = JSON.parse(raw) as Partial<Lease>;
    if (typeof lease.tabId !== 'string' || typeof lease.until !== 'number') return null;
    return { tabId: lease.tabId, until: lease.until, ...(typeof lease.at === 'number' ? { at: lease.at } : {}) };
  } catch {
    return null;
  }
}

/**
 * One tab refreshes per period: the tab holding an unexpired lease in localStorage (shared by
 * all tabs of the origin) refreshes and renews it; the others skip and pick the new token up
 * through `storage` events.
 */
export function acquireRefreshLease(storage: StorageService, tabId: string, now = Date.now()): boolean {
  const current = readLease(storage);
  if (current && current.tabId !== tabId && current.until > now) return false;
  if (current?.at !== undefined && now - current.at < MIN_REFRESH_GAP_MS) return false;
  storage.set(
    StorageKeys.refreshLease,
    JSON.stringify({ tabId, until: now + REFRESH_INTERVAL_MS + LEASE_SLACK_MS, at: now }),
  );
  // Read back: if another tab wrote in between, the last writer wins and only it proceeds.
  return readLease(storage)?.tabId === tabId;
}

export function releaseRefreshLease(storage: StorageService, tabId: string): void {
  if (readLease(storage)?.tabId === tabId) storage.remove(StorageKeys.refreshLease);
}
