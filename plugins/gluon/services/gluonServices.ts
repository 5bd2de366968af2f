import { ApiClientToken } from '@core/api/ApiClient';
import { loaderCacheFactory } from '@core/cache/loaderCacheFactory';
import { DownloadServiceToken } from '@core/downloads/DownloadService';
import { PermissionsServiceToken } from '@core/permissions/PermissionsService';
import { createServiceFactory } from '@core/plugin/ServiceFactory';

import { DefaultGluonApi } from '../api/DefaultGluonApi';
import { GluonApiToken } from '../api/GluonApi';
import { DefaultGluonAccessService } from './DefaultGluonAccessService';
import { GluonAccessServiceToken } from './GluonAccessService';

/** Gluon's services, loaded with its page chunk (manifest `services`), never in the first load. */
export const gluonServices = [
  createServiceFactory({
    token: GluonAccessServiceToken,
    deps: { permissions: PermissionsServiceToken },
    factory: ({ permissions }) => new DefaultGluonAccessService(permissions),
  }),
  createServiceFactory({
    token: GluonApiToken,
    deps: { api: ApiClientToken, downloads: DownloadServiceToken },
    factory: ({ api, downloads }) => new DefaultGluonApi(api, downloads),
  }),
  // Gluon's array-keyed loaders are cached and invalidated by its mutations (core/cache).
  loaderCacheFactory,
];
