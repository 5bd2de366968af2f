import { ApiClientToken } from '@core/api/ApiClient';
import { createServiceFactory } from '@core/plugin/ServiceFactory';

import { DefaultInviteApi } from '../api/DefaultInviteApi';
import { InviteApiToken } from '../api/InviteApi';

/** The invite plugin's services, loaded with its page (manifest `services`). */
export const inviteServices = [
  createServiceFactory({
    token: InviteApiToken,
    deps: { api: ApiClientToken },
    factory: ({ api }) => new DefaultInviteApi(api),
  }),
];
