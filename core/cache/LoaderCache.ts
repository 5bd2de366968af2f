import type { Observable } from 'rxjs';

import { createServiceToken } from '../di/ServiceToken';

/**
 * A cached loader's key, general to specific: `['gluon', 'device', id, 'files']`. A mutation
 * invalidates by prefix: `['gluon', 'device', id]` reaches that device's detail, files and crashes.
 */
export type CacheKey = readonly (string | number)[];

/** Whether `key` begins with every part of `prefix` (a whole part each: `['d', 1]` is not under `['d', 10]`). */
export function startsWithKey(key: CacheKey, prefix: CacheKey): boolean {
  return prefix.length <= key.length && prefix.every((part, i) => part === key[i]);
}

/**
 * The last answer of each cached `useLoader` key, so a page visited again shows what it showed at
 * once while it asks again (stale while revalidate), and a mutation can make every loader under a
 * prefix ask again (`invalidate`). Provided per plugin (its manifest's `services`, with
 * `loaderCacheFactory`), so it is fetched with the plugin's pages, never in the first load; loaders
 * of a plugin without it, and string keys, are not cached.
 */
export interface LoaderCache {
  /** The last answer stored for `key`; undefined when there is none. */
  read<T>(key: CacheKey): T | undefined;
  write<T>(key: CacheKey, data: T): void;
  /** Drops every answer under `prefix` and tells the loaders showing one to load again. */
  invalidate(prefix: CacheKey): void;
  /** The prefix of each invalidation (mounted loaders under it load again). */
  readonly invalidated$: Observable<CacheKey>;
  /** Forgets everything (a new session must not see the last one's answers). */
  clear(): void;
}

export const LoaderCacheToken = createServiceToken<LoaderCache>('loaderCache');
