import { useContext, useMemo } from 'react';

import { type LoaderCache, LoaderCacheToken } from '../cache/LoaderCache';
import { ContainerContext } from './ServicesProvider';

/** The plugin's loader cache, or null where none is provided (another plugin, a bare test render). */
export function useLoaderCache(): LoaderCache | null {
  const container = useContext(ContainerContext);
  return useMemo(
    () => (container?.isRegistered(LoaderCacheToken, true) ? container.resolve(LoaderCacheToken) : null),
    [container],
  );
}
