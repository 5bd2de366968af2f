import { type Observable, Subject, type Subscription } from 'rxjs';

import type { TokenClaims } from '../session/SessionService';
import { type CacheKey, type LoaderCache, startsWithKey } from './LoaderCache';

/** Enough answers for a few pages of a few lists; the oldest written goes first. */
const MAX_ENTRIES = 200;

const identity = (claims: TokenClaims | null) =>
  claims ? `${String(claims.tenant)}|${String(claims.sub)}|${String(claims.sid)}` : '';

/**
 * The answers in memory, by key. Follows the session: another user, tenant or session (or none)
 * clears it, so nobody is shown what the previous sign-in loaded.
 */
export class DefaultLoaderCache implements LoaderCache {
  private readonly entries = new Map<string, { key: CacheKey; data: unknown }>();
  private readonly invalidations = new Subject<CacheKey>();
  private readonly session?: Subscription;
  readonly invalidated$: Observable<CacheKey> = this.invalidations.asObservable();

  constructor(claims$?: Observable<TokenClaims | null>) {
    let current: string | undefined;
    this.session = claims$?.subscribe((claims) => {
      const next = identity(claims);
      if (current !== undefined && next !== current) this.clear();
      current = next;
    });
  }

  read<T>(key: CacheKey): T | undefined {
    return this.entries.get(JSON.stringify(key))?.data as T | undefined;
  }

  write<T>(key: CacheKey, data: T): void {
    const id = JSON.stringify(key);
    this.entries.delete(id);
    this.entries.set(id, { key, data });
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
  }

  invalidate(prefix: CacheKey): void {
    for (const [id, entry] of this.entries) if (startsWithKey(entry.key, prefix)) this.entries.delete(id);
    this.invalidations.next(prefix);
  }

  clear(): void {
    this.entries.clear();
  }

  /** Stops following the session. */
  dispose(): void {
    this.session?.unsubscribe();
  }
}
