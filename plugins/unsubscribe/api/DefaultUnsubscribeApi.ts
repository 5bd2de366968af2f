import type { ApiClient } from '@core/api/ApiClient';

import type { UnsubscribeAnswer, UnsubscribeApi, UnsubscribeScope } from './UnsubscribeApi';

/** UnsubscribeApi over the console's typed API client. */
export class DefaultUnsubscribeApi implements UnsubscribeApi {
  constructor(private readonly api: ApiClient) {}

  unsubscribe(jwt: string, scope: UnsubscribeScope): Promise<UnsubscribeAnswer> {
    // The page shows its own error, so the global 401 handling stays out of it.
    return this.api.post('/gluon-backend/externalNotifications/recipients/unsubscribe', {
      query: { all: scope === 'all' },
      body: { jwt },
      authMode: { kind: 'public' },
      skipGlobalErrors: true,
    });
  }
}
