import { ApiClientToken } from '@core/api/ApiClient';
import { loaderCacheFactory } from '@core/cache/loaderCacheFactory';
import { createServiceFactory } from '@core/plugin/ServiceFactory';

import { DefaultRulesRepositoryApi } from '../api/DefaultRulesRepositoryApi';
import { RulesRepositoryApiToken } from '../api/RulesRepositoryApi';

/** The repository's services, loaded with its page chunk (manifest `services`), never in the first load. */
export const rulesRepositoryServices = [
  createServiceFactory({
    token: RulesRepositoryApiToken,
    deps: { api: ApiClientToken },
    factory: ({ api }) => new DefaultRulesRepositoryApi(api),
  }),
  // Its array-keyed loaders are cached and invalidated by its mutations (core/cache).
  loaderCacheFactory,
];
