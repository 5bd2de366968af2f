import { HttpServiceToken } from '@core/http/HttpService';
import { createServiceFactory } from '@core/plugin/ServiceFactory';

import { DefaultInviteApi } from '../api/DefaultInviteApi';
import { InviteApiToken } from '../api/InviteApi';

/** The invite plugin's services, loaded with its page (manifest `services`). */
export const inviteServices = [
  createServiceFactory({
    token: InviteApiToken,
    deps: { http: HttpServiceToken },
    factory: ({ http }) => new DefaultInviteApi(http),
  }),
];
