import { ApiClientToken } from '@core/api/ApiClient';
import { createServiceFactory } from '@core/plugin/ServiceFactory';

import { DefaultResetPasswordApi } from '../api/DefaultResetPasswordApi';
import { ResetPasswordApiToken } from '../api/ResetPasswordApi';

/** The reset-password plugin's services, loaded with its page (manifest `services`). */
export const resetPasswordServices = [
  createServiceFactory({
    token: ResetPasswordApiToken,
    deps: { api: ApiClientToken },
    factory: ({ api }) => new DefaultResetPasswordApi(api),
  }),
];
