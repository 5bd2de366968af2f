import { useCallback, useSyncExternalStore } from 'react';
import type { Observable } from 'rxjs';

import type { NavigationService } from './NavigationService';

function subscribeTo(stream: Observable<unknown>) {
  return (onChange: () => void) => {
    const subscription = stream.subscribe(() => onChange());
    return () => subscription.unsubscribe();
  };
}

type NavigateFn = (to: string, options?: { replace?: boolean }) => void;

/**
 * A wouter location hook driven by the NavigationService, so `<Router hook={…}>`, the session's
 * refresh rule and forced logout all read one source of truth (and tests can use memory).
 */
export function createNavigationLocationHook(nav: NavigationService): () => [string, NavigateFn] {
  const subscribe = subscribeTo(nav.path$);
  const getPath = () => nav.path();
  return function useNavigationLocation(): [string, NavigateFn] {
    const path = useSyncExternalStore(subscribe, getPath, getPath);
    const navigate = useCallback<NavigateFn>((to, options) => nav.navigate(to, options), []);
    return [path, navigate];
  };
}

/** The matching wouter search hook (`<Router searchHook={…}>`); answers the query without `?`. */
export function createNavigationSearchHook(nav: NavigationService): () => string {
  const subscribe = subscribeTo(nav.search$);
  const getSearch = () => nav.search();
  return function useNavigationSearch(): string {
    return useSyncExternalStore(subscribe, getSearch, getSearch);
  };
}
