import type { ApiResponse } from '@common/api/apiTypes';
import type { ApiClient } from '@core/api/ApiClient';

/** The new token, answered this once. */
export type NewScimToken = ApiResponse<'/um/scim/token', 'post'>;

/** POST /um/scim/token: creates the tenant's SCIM token or replaces it (the old one stops working; audited). */
export function rotateScimToken(api: ApiClient): Promise<NewScimToken> {
  return api.post('/um/scim/token');
}
