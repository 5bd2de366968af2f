import { useCallback, useEffect, useRef, useState } from 'react';

import { type CacheKey, startsWithKey } from '../cache/LoaderCache';
import { useLoaderCache } from './useLoaderCache';

/** What a page shows of a call it loads: the answer, the failure's line, whether one is running. */
export interface Loaded<T> {
  /** The last answer; null until the first. It stays while the next key loads, so lists do not blink. */
  data: T | null;
  /** The last call's failure as the page shows it (`LoaderOptions.describe`); null after a success. */
  error: string | null;
  /** A call for the current key is running. */
  loading: boolean;
  /** Loads the current key again (after a change the page made). */
  reload(): void;
  /** Replaces the data with an answer the caller already has (e.g. a PUT's); a cached key keeps it too. */
  set(data: T): void;
}

export interface LoaderOptions<T> {
  /** Turns a failed call into the line the page shows: each plugin has its own texts (spec). */
  describe: (failure: unknown) => string;
  /** Milliseconds after an answer until the same key loads again; 0 stops (e.g. an inspection finished). */
  refreshMs?: (data: T | null) => number;
}

/**
 * A string names a load for this component only; an array (`['gluon', 'devices', search, page]`)
 * is also a cache key when the plugin provides a LoaderCache (see core/cache).
 */
export type LoaderKey = string | CacheKey;

const cacheKeyOf = (key: LoaderKey | null): CacheKey | null => (key !== null && typeof key !== 'string' ? key : null);

/**
 * Runs `load` when `key` changes and on `reload()`. An answer for an older key is dropped, so a
 * search box never shows a stale page. A null key loads nothing: the page already knows the
 * server would refuse (no permission), and asks nothing.
 *
 * With an array key and the plugin's LoaderCache, the last answer for the key is shown at once
 * (a revisit, another page of a list seen before) while the call runs, every answer is stored, and
 * `invalidate(prefix)` after a mutation makes the loader load again.
 */
export function useLoader<T>(key: LoaderKey | null, load: () => Promise<T>, options: LoaderOptions<T>): Loaded<T> {
  const cache = useLoaderCache();
  const cacheKey = cache ? cacheKeyOf(key) : null;
  const id = key === null ? null : typeof key === 'string' ? key : JSON.stringify(key);
  const [data, setData] = useState<T | null>(() => (cache && cacheKey ? (cache.read<T>(cacheKey) ?? null) : null));
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(key !== null);
  const [tick, setTick] = useState(0);
  // The latest closures and key, read when a call starts or ends: callers pass new ones on each render.
  const loadRef = useRef(load);
  loadRef.current = load;
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const keyRef = useRef(cacheKey);
  keyRef.current = cacheKey;

  useEffect(() => {
    if (id === null) {
      setLoading(false);
      return undefined;
    }
    const stored = keyRef.current;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (stored) {
      const seen = cache?.read<T>(stored);
      if (seen !== undefined) setData(seen);
    }
    setLoading(true);
    loadRef.current().then(
      (value) => {
        if (!live) return;
        if (stored) cache?.write(stored, value);
        setData(value);
        setError(null);
        setLoading(false);
        const again = optionsRef.current.refreshMs?.(value) ?? 0;
        if (again > 0) timer = setTimeout(() => setTick((n) => n + 1), again);
      },
      (failure: unknown) => {
        if (!live) return;
        setError(optionsRef.current.describe(failure));
        setLoading(false);
      },
    );
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, [id, tick, cache]);

  // A mutation under this key's prefix: load again (the shown answer stays until the new one).
  useEffect(() => {
    if (!cache) return undefined;
    const subscription = cache.invalidated$.subscribe((prefix) => {
      if (keyRef.current && startsWithKey(keyRef.current, prefix)) setTick((n) => n + 1);
    });
    return () => subscription.unsubscribe();
  }, [cache]);

  const reload = useCallback(() => setTick((n) => n + 1), []);
  const set = useCallback(
    (value: T) => {
      setData(value);
      if (keyRef.current) cache?.write(keyRef.current, value);
    },
    [cache],
  );
  return { data, error, loading, reload, set };
}
