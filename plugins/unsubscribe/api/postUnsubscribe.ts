import type { HttpService } from '@core/http/HttpService';

/** Which subscriptions the link's recipient leaves. */
export type UnsubscribeScope = 'notification' | 'all';

export interface UnsubscribeAnswer {
  unsubscribed: UnsubscribeScope;
  notification: string;
}

/**
 * POST /gluon-backend/externalNotifications/recipients/unsubscribe?all={bool} (public), body
 * `{ jwt }`. The page shows its own error, so the global 401 handling stays out of it.
 */
export async function postUnsubscribe(http: HttpService, jwt: string, scope: UnsubscribeScope): Promise<UnsubscribeAnswer> {
  const response = await http.post<UnsubscribeAnswer>(
    `/gluon-backend/externalNotifications/recipients/unsubscribe?all=${scope === 'all'}`,
    { jwt },
    { authMode: { kind: 'public' }, skipGlobalErrors: true },
  );
  return response.data;
}
