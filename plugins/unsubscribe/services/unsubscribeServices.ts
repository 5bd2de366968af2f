import { HttpServiceToken } from '@core/http/HttpService';
import { createServiceFactory } from '@core/plugin/ServiceFactory';

import { DefaultUnsubscribeApi } from '../api/DefaultUnsubscribeApi';
import { UnsubscribeApiToken } from '../api/UnsubscribeApi';

/** The unsubscribe plugin's services, loaded with its page (manifest `services`). */
export const unsubscribeServices = [
  createServiceFactory({
    token: UnsubscribeApiToken,
    deps: { http: HttpServiceToken },
    factory: ({ http }) => new DefaultUnsubscribeApi(http),
  }),
];
