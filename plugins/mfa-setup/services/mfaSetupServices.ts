import { HttpServiceToken } from '@core/http/HttpService';
import { createServiceFactory } from '@core/plugin/ServiceFactory';

import { DefaultMfaSetupApi } from '../api/DefaultMfaSetupApi';
import { MfaSetupApiToken } from '../api/MfaSetupApi';

/** The two-factor set-up's services, loaded with its page (manifest `services`). */
export const mfaSetupServices = [
  createServiceFactory({
    token: MfaSetupApiToken,
    deps: { http: HttpServiceToken },
    factory: ({ http }) => new DefaultMfaSetupApi(http),
  }),
];
