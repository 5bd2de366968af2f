import { HttpServiceToken } from '@core/http/HttpService';
import { createServiceFactory } from '@core/plugin/ServiceFactory';

import { DefaultResetPasswordApi } from '../api/DefaultResetPasswordApi';
import { ResetPasswordApiToken } from '../api/ResetPasswordApi';

/** The reset-password plugin's services, loaded with its page (manifest `services`). */
export const resetPasswordServices = [
  createServiceFactory({
    token: ResetPasswordApiToken,
    deps: { http: HttpServiceToken },
    factory: ({ http }) => new DefaultResetPasswordApi(http),
  }),
];
