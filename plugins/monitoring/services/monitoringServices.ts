import { ApiClientToken } from '@core/api/ApiClient';
import { loaderCacheFactory } from '@core/cache/loaderCacheFactory';
import { DownloadServiceToken } from '@core/downloads/DownloadService';
import { createServiceFactory } from '@core/plugin/ServiceFactory';

import { DefaultMonitoringApi } from '../api/DefaultMonitoringApi';
import { MonitoringApiToken } from '../api/MonitoringApi';

/** Monitoring's services, loaded with its page chunk (manifest `services`), never in the first load. */
export const monitoringServices = [
  createServiceFactory({
    token: MonitoringApiToken,
    deps: { api: ApiClientToken, downloads: DownloadServiceToken },
    factory: ({ api, downloads }) => new DefaultMonitoringApi(api, downloads),
  }),
  loaderCacheFactory,
];
