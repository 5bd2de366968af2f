import { useCallback, useRef, useState } from 'react';

import type { CacheKey } from '../cache/LoaderCache';
import { useLoaderCache } from './useLoaderCache';

/** How a mutation ended: its answer, or the failure's line as the page shows it. */
export type MutationResult<R> = { ok: true; value: R } | { ok: false; error: string };

export interface MutationOptions<A extends unknown[], R> {
  /** Turns a failed call into the line the page shows (the plugin's own texts, as `useLoader`'s). */
  describe: (failure: unknown) => string;
  /** Cache prefixes whose loaders load again after a success (see core/cache). */
  invalidates?: readonly CacheKey[] | ((value: R, ...args: A) => readonly CacheKey[]);
  /** Runs after a success, before the invalidation (e.g. `set` a loader to the answer). */
  onSuccess?: (value: R, ...args: A) => void;
}

/** A change a page sends: `run` it, show `pending` and `error`. */
export interface Mutation<A extends unknown[], R> {
  /** Never rejects: resolves the answer, or the failure already described. */
  run(...args: A): Promise<MutationResult<R>>;
  /** A call is running. */
  pending: boolean;
  /** The last call's failure as the page shows it; null while one runs and after a success. */
  error: string | null;
  /** Forgets the last failure (the user changed what caused it). */
  clearError(): void;
}

/**
 * The one way product pages send a change: pending state, the failure described by the plugin,
 * and the loaders it made stale invalidated on success. Forms hand `run`'s failure to
 * react-final-form (`{ [FORM_ERROR]: result.error }`); buttons show `error`.
 */
export function useMutation<A extends unknown[], R>(
  work: (...args: A) => Promise<R>,
  options: MutationOptions<A, R>,
): Mutation<A, R> {
  const cache = useLoaderCache();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The latest closures, read when a call starts or ends: callers pass new ones on each render.
  const workRef = useRef(work);
  workRef.current = work;
  const optionsRef = useRef(options);
  optionsRef.current = options;

  const run = useCallback(
    async (...args: A): Promise<MutationResult<R>> => {
      setPending(true);
      setError(null);
      let value: R;
      try {
        value = await workRef.current(...args);
      } catch (failure) {
        const line = optionsRef.current.describe(failure);
        setError(line);
        setPending(false);
        return { ok: false, error: line };
      }
      setPending(false);
      const { onSuccess, invalidates } = optionsRef.current;
      onSuccess?.(value, ...args);
      const prefixes = typeof invalidates === 'function' ? invalidates(value, ...args) : (invalidates ?? []);
      for (const prefix of prefixes) cache?.invalidate(prefix);
      return { ok: true, value };
    },
    [cache],
  );
  const clearError = useCallback(() => setError(null), []);
  return { run, pending, error, clearError };
}
