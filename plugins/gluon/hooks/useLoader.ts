import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from './errorMessage';

export interface Loaded<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
  reload(): void;
  /** Replace the data with an answer the caller already has (e.g. a POST's). */
  set(data: T): void;
}

/**
 * Runs `load` when `key` changes and on reload; `refreshMs(data)` > 0 polls again (inspections in
 * progress). A late answer for an older key is dropped. A null key loads nothing (the page's
 * permission check failed: no call the server would refuse).
 */
export function useLoader<T>(key: string | null, load: () => Promise<T>, refreshMs: (data: T | null) => number = () => 0): Loaded<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(key !== null);
  const [tick, setTick] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const refreshRef = useRef(refreshMs);
  refreshRef.current = refreshMs;

  useEffect(() => {
    if (key === null) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setLoading(true);
    loadRef.current().then(
      (value) => {
        if (!live) return;
        setData(value);
        setError(null);
        setLoading(false);
        const again = refreshRef.current(value);
        if (again > 0) timer = setTimeout(() => setTick((n) => n + 1), again);
      },
      (failure: unknown) => {
        if (!live) return;
        setError(errorMessage(failure));
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
