import { useCallback, useRef } from 'react';

import { useMutation } from '@core/react/useMutation';

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

const call = (fn: () => Promise<unknown>) => fn();

/**
 * Administration's pages send many different calls from one button row, so the call is given
 * to `run` rather than to the hook: a thin adapter over core's `useMutation` (the one way a page
 * sends a change), adding the one-request-per-double-click guard.
 */
export function useAction(): Action {
  const inFlight = useRef(false);
  const mutation = useMutation(call, { describe: apiMessage });
  const { run: send } = mutation;
  const run = useCallback(
    async <T>(fn: () => Promise<T>): Promise<T | undefined> => {
      if (inFlight.current) return undefined;
      inFlight.current = true;
      try {
        const result = await send(fn);
        return result.ok ? (result.value as T) : undefined;
      } finally {
        inFlight.current = false;
      }
    },
    [send],
  );
  return { busy: mutation.pending, error: mutation.error, run, clearError: mutation.clearError };
}
