import { ApiClientToken } from '@core/api/ApiClient';
import { DownloadServiceToken } from '@core/downloads/DownloadService';
import { createServiceFactory } from '@core/plugin/ServiceFactory';

import { CollectorApiToken } from '../api/CollectorApi';
import { DefaultCollectorApi } from '../api/DefaultCollectorApi';

/** The collector plugin's services, loaded with its pages (manifest `services`). */
export const collectorServices = [
  createServiceFactory({
    token: CollectorApiToken,
    deps: { api: ApiClientToken, downloads: DownloadServiceToken },
    factory: ({ api, downloads }) => new DefaultCollectorApi(api, downloads),
  }),
];
