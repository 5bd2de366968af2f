import { ApiClientToken } from '@core/api/ApiClient';
import { HttpServiceToken } from '@core/http/HttpService';
import { createServiceFactory } from '@core/plugin/ServiceFactory';

import { DefaultLoginApi } from '../api/DefaultLoginApi';
import { LoginApiToken } from '../api/LoginApi';

/** The sign-in page's services (manifest `services`): announced and fetched with the page, before the first screen. */
export const loginServices = [
  createServiceFactory({
    token: LoginApiToken,
    deps: { api: ApiClientToken, http: HttpServiceToken },
    factory: ({ api, http }) => new DefaultLoginApi(api, http),
  }),
];
