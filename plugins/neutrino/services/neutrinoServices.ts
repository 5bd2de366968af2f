import { loaderCacheFactory } from '@core/cache/loaderCacheFactory';
import { DownloadServiceToken } from '@core/downloads/DownloadService';
import { HttpServiceToken } from '@core/http/HttpService';
import { createServiceFactory } from '@core/plugin/ServiceFactory';

import { DefaultNeutrinoApi } from '../api/DefaultNeutrinoApi';
import { NeutrinoApiToken } from '../api/NeutrinoApi';

/** Neutrino's services, loaded with its page chunk (manifest `services`), never in the first load. */
export const neutrinoServices = [
  createServiceFactory({
    token: NeutrinoApiToken,
    deps: { http: HttpServiceToken, downloads: DownloadServiceToken },
    factory: ({ http, downloads }) => new DefaultNeutrinoApi(http, downloads),
  }),
  loaderCacheFactory,
];
