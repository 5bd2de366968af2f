import { useCallback, useEffect, useRef, useState } from 'react';
import { apiMessage } from '../logic/apiMessage';

export interface Loaded<T> {
  data: T | undefined;
  error: string | null;
  loading: boolean;
  reload(): void;
}

/**
 * Loads `fetch` whenever `key` changes; an answer for an older key is dropped, so typing in a
 * search box never shows a stale page. The previous data stays while the next loads.
 */
export function useLoad<T>(fetch: () => Promise<T>, key: string): Loaded<T> {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  const latest = useRef(0);
  const fetchRef = useRef(fetch);
  fetchRef.current = fetch;

  useEffect(() => {
    const call = ++latest.current;
    setLoading(true);
    fetchRef.current().then(
      (value) => {
        if (call !== latest.current) return;
        setData(value);
        setError(null);
        setLoading(false);
      },
      (e: unknown) => {
        if (call !== latest.current) return;
        setError(apiMessage(e));
        setLoading(false);
      },
    );
  }, [key, tick]);

  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { data, error, loading, reload };
}
