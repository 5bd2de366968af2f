import { useCallback, useEffect, useRef, useState } from 'react';

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
  /** Replaces the data with an answer the caller already has (e.g. a PUT's). */
  set(data: T): void;
}

export interface LoaderOptions<T> {
  /** Turns a failed call into the line the page shows: each plugin has its own texts (spec). */
  describe: (failure: unknown) => string;
  /** Milliseconds after an answer until the same key loads again; 0 stops (e.g. an inspection finished). */
  refreshMs?: (data: T | null) => number;
}

/**
 * Runs `load` when `key` changes and on `reload()`. An answer for an older key is dropped, so a
 * search box never shows a stale page. A null key loads nothing: the page already knows the
 * server would refuse (no permission), and asks nothing.
 */
export function useLoader<T>(key: string | null, load: () => Promise<T>, options: LoaderOptions<T>): Loaded<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(key !== null);
  const [tick, setTick] = useState(0);
  // The latest closures, read when a call starts or ends: callers pass new ones on each render.
  const loadRef = useRef(load);
  loadRef.current = load;
  const optionsRef = useRef(options);
  optionsRef.current = options;

  useEffect(() => {
    if (key === null) {
      setLoading(false);
      return undefined;
    }
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setLoading(true);
    loadRef.current().then(
      (value) => {
        if (!live) return;
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
  }, [key, tick]);

  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { data, error, loading, reload, set: setData };
}
