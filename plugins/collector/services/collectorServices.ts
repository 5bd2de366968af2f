import { DownloadServiceToken } from '@core/downloads/DownloadService';
import { HttpServiceToken } from '@core/http/HttpService';
import { createServiceFactory } from '@core/plugin/ServiceFactory';

import { CollectorApiToken } from '../api/CollectorApi';
import { DefaultCollectorApi } from '../api/DefaultCollectorApi';

/** The collector plugin's services, loaded with its pages (manifest `services`). */
export const collectorServices = [
  createServiceFactory({
    token: CollectorApiToken,
    deps: { http: HttpServiceToken, downloads: DownloadServiceToken },
    factory: ({ http, downloads }) => new DefaultCollectorApi(http, downloads),
  }),
];
