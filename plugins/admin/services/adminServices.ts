import { DownloadServiceToken } from '@core/downloads/DownloadService';
import { HttpServiceToken } from '@core/http/HttpService';
import { createServiceFactory } from '@core/plugin/ServiceFactory';

import { AdminApiToken } from '../api/AdminApi';
import { DefaultAdminApi } from '../api/DefaultAdminApi';

/** The administration plugin's services, loaded with its page chunk (manifest `services`). */
export const adminServices = [
  createServiceFactory({
    token: AdminApiToken,
    deps: { http: HttpServiceToken, downloads: DownloadServiceToken },
    factory: ({ http, downloads }) => new DefaultAdminApi(http, downloads),
  }),
];
