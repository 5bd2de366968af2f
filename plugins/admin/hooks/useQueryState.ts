import { useCallback, useMemo } from 'react';

import { NavigationServiceToken } from '@core/navigation/NavigationService';
import { useObservable } from '@core/react/useObservable';
import { useService } from '@core/react/useService';

/**
 * A table's state (search, page, sort, filters) kept in the query string, so a URL is a
 * bookmark and Back restores it. `set` replaces the entry; empty values leave the URL.
 */
export function useQueryState<K extends string>(
  keys: readonly K[],
): [Record<K, string>, (patch: Partial<Record<K, string>>) => void] {
  const nav = useService(NavigationServiceToken);
  const search = useObservable(nav.search$, nav.search());
  const state = useMemo(() => {
    const params = new URLSearchParams(search);
    return Object.fromEntries(keys.map((k) => [k, params.get(k) ?? ''])) as Record<K, string>;
  }, [search, keys]);
  const set = useCallback(
    (patch: Partial<Record<K, string>>) => {
      const params = new URLSearchParams(nav.search());
      for (const [k, v] of Object.entries(patch) as [string, string | undefined][]) {
        if (v) params.set(k, v);
        else params.delete(k);
      }
      const query = params.toString();
      nav.navigate(`${nav.path()}${query ? `?${query}` : ''}`, { replace: true });
    },
    [nav],
  );
  return [state, set];
}

/** A non-negative page number from the query string (0 for anything else). */
export function pageParam(value: string): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 0;
}
