import type { ApiResponse } from '@common/api/apiTypes';
import type { ApiClient } from '@core/api/ApiClient';

/** Whether the tenant has a SCIM token (never the token) and the URL a directory is given. */
export type ScimTokenStatus = ApiResponse<'/um/scim/token', 'get'>;

/** GET /um/scim/token. */
export function getScimToken(api: ApiClient): Promise<ScimTokenStatus> {
  return api.get('/um/scim/token');
}
