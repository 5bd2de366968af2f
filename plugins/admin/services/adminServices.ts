import { ApiClientToken } from '@core/api/ApiClient';
import { DownloadServiceToken } from '@core/downloads/DownloadService';
import { createServiceFactory } from '@core/plugin/ServiceFactory';

import { AdminApiToken } from '../api/AdminApi';
import { DefaultAdminApi } from '../api/DefaultAdminApi';

/** The administration plugin's services, loaded with its page chunk (manifest `services`). */
export const adminServices = [
  createServiceFactory({
    token: AdminApiToken,
    deps: { api: ApiClientToken, downloads: DownloadServiceToken },
    factory: ({ api, downloads }) => new DefaultAdminApi(api, downloads),
  }),
];
