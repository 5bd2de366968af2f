import { useCallback, useRef, useState } from 'react';
import { apiMessage } from '../logic/apiMessage';

export interface Action {
  busy: boolean;
  /** The API's message of the last failure, cleared by the next run. */
  error: string | null;
  /**
   * Runs `fn` unless a run is in flight (a double click sends one request); resolves with its
   * answer, or undefined after a failure (the message is in `error`, nothing typed is lost).
   */
  run<T>(fn: () => Promise<T>): Promise<T | undefined>;
  clearError(): void;
}

export function useAction(): Action {
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(async <T>(fn: () => Promise<T>): Promise<T | undefined> => {
    if (inFlight.current) return undefined;
    inFlight.current = true;
    setBusy(true);
    setError(null);
    try {
      return await fn();
    } catch (e) {
      setError(apiMessage(e));
      return undefined;
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }, []);
  const clearError = useCallback(() => setError(null), []);
  return { busy, error, run, clearError };
}
