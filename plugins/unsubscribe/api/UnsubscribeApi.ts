import type { ApiResponse } from '@common/api/apiTypes';
import { createServiceToken } from '@core/di/ServiceToken';

export type UnsubscribeAnswer = ApiResponse<'/gluon-backend/externalNotifications/recipients/unsubscribe', 'post'>;
/** Which subscriptions the link's recipient leaves. */
export type UnsubscribeScope = UnsubscribeAnswer['unsubscribed'];

/** The unsubscribe page's one call. */
export interface UnsubscribeApi {
  /** With the link's token (public); the page shows its own error for any failure. */
  unsubscribe(jwt: string, scope: UnsubscribeScope): Promise<UnsubscribeAnswer>;
}

/** Provided by plugins/unsubscribe/services/unsubscribeServices.ts, loaded with the page. */
export const UnsubscribeApiToken = createServiceToken<UnsubscribeApi>('unsubscribe.api');
