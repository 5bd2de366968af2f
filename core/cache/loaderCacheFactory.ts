import { createServiceFactory } from '../plugin/ServiceFactory';
import { SessionServiceToken } from '../session/SessionService';
import { DefaultLoaderCache } from './DefaultLoaderCache';
import { LoaderCacheToken } from './LoaderCache';

/**
 * A plugin's loader cache: list it in the plugin's services (`[loaderCacheFactory, …]`) and its
 * array-keyed `useLoader`s are cached, its `useMutation`s invalidate them. One per plugin container.
 */
export const loaderCacheFactory = createServiceFactory({
  token: LoaderCacheToken,
  deps: { session: SessionServiceToken },
  factory: ({ session }) => new DefaultLoaderCache(session.claims$),
});
