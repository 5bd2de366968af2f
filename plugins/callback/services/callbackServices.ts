import { ApiClientToken } from '@core/api/ApiClient';
import { createServiceFactory } from '@core/plugin/ServiceFactory';

import { CallbackApiToken } from '../api/CallbackApi';
import { DefaultCallbackApi } from '../api/DefaultCallbackApi';

/** The callback plugin's services, loaded with its page (manifest `services`). */
export const callbackServices = [
  createServiceFactory({
    token: CallbackApiToken,
    deps: { api: ApiClientToken },
    factory: ({ api }) => new DefaultCallbackApi(api),
  }),
];
