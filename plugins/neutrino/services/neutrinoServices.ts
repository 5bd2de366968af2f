import { ApiClientToken } from '@core/api/ApiClient';
import { loaderCacheFactory } from '@core/cache/loaderCacheFactory';
import { DownloadServiceToken } from '@core/downloads/DownloadService';
import { createServiceFactory } from '@core/plugin/ServiceFactory';

import { DefaultNeutrinoApi } from '../api/DefaultNeutrinoApi';
import { NeutrinoApiToken } from '../api/NeutrinoApi';

/** Neutrino's services, loaded with its page chunk (manifest `services`), never in the first load. */
export const neutrinoServices = [
  createServiceFactory({
    token: NeutrinoApiToken,
    deps: { api: ApiClientToken, downloads: DownloadServiceToken },
    factory: ({ api, downloads }) => new DefaultNeutrinoApi(api, downloads),
  }),
  loaderCacheFactory,
];
