import { ApiClientToken } from '@core/api/ApiClient';
import { loaderCacheFactory } from '@core/cache/loaderCacheFactory';
import { DownloadServiceToken } from '@core/downloads/DownloadService';
import { createServiceFactory } from '@core/plugin/ServiceFactory';

import { DefaultGluonApi } from '../api/DefaultGluonApi';
import { GluonApiToken } from '../api/GluonApi';

/** Gluon's services, loaded with its page chunk (manifest `services`), never in the first load. */
export const gluonServices = [
  createServiceFactory({
    token: GluonApiToken,
    deps: { api: ApiClientToken, downloads: DownloadServiceToken },
    factory: ({ api, downloads }) => new DefaultGluonApi(api, downloads),
  }),
  // Gluon's array-keyed loaders are cached and invalidated by its mutations (core/cache).
  loaderCacheFactory,
];
