import { ApiClientToken } from '@core/api/ApiClient';
import { createServiceFactory } from '@core/plugin/ServiceFactory';

import { DefaultMfaSetupApi } from '../api/DefaultMfaSetupApi';
import { MfaSetupApiToken } from '../api/MfaSetupApi';

/** The two-factor set-up's services, loaded with its page (manifest `services`). */
export const mfaSetupServices = [
  createServiceFactory({
    token: MfaSetupApiToken,
    deps: { api: ApiClientToken },
    factory: ({ api }) => new DefaultMfaSetupApi(api),
  }),
];
