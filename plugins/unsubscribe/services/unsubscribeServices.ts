import { ApiClientToken } from '@core/api/ApiClient';
import { createServiceFactory } from '@core/plugin/ServiceFactory';

import { DefaultUnsubscribeApi } from '../api/DefaultUnsubscribeApi';
import { UnsubscribeApiToken } from '../api/UnsubscribeApi';

/** The unsubscribe plugin's services, loaded with its page (manifest `services`). */
export const unsubscribeServices = [
  createServiceFactory({
    token: UnsubscribeApiToken,
    deps: { api: ApiClientToken },
    factory: ({ api }) => new DefaultUnsubscribeApi(api),
  }),
];
