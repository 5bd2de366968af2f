import type { HttpService } from '@core/http/HttpService';

import type { UnsubscribeAnswer, UnsubscribeApi, UnsubscribeScope } from './UnsubscribeApi';

/** UnsubscribeApi over the console's HTTP service. */
export class DefaultUnsubscribeApi implements UnsubscribeApi {
  constructor(private readonly http: HttpService) {}

  async unsubscribe(jwt: string, scope: UnsubscribeScope): Promise<UnsubscribeAnswer> {
    // The page shows its own error, so the global 401 handling stays out of it.
    const response = await this.http.post<UnsubscribeAnswer>(
      '/gluon-backend/externalNotifications/recipients/unsubscribe',
      { jwt },
      { params: { all: scope === 'all' }, authMode: { kind: 'public' }, skipGlobalErrors: true },
    );
    return response.data;
  }
}
