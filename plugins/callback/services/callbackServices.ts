import { HttpServiceToken } from '@core/http/HttpService';
import { createServiceFactory } from '@core/plugin/ServiceFactory';

import { CallbackApiToken } from '../api/CallbackApi';
import { DefaultCallbackApi } from '../api/DefaultCallbackApi';

/** The callback plugin's services, loaded with its page (manifest `services`). */
export const callbackServices = [
  createServiceFactory({
    token: CallbackApiToken,
    deps: { http: HttpServiceToken },
    factory: ({ http }) => new DefaultCallbackApi(http),
  }),
];
