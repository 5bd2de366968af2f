import type { ApiResponse } from '@common/api/apiTypes';
import type { ApiClient } from '@core/api/ApiClient';

/** The user's passkeys, and whether the tenant requires one. */
export type PasskeyListing = ApiResponse<'/um/passkeys', 'get'>;
export type Passkey = PasskeyListing['passkeys'][number];

/** GET /um/passkeys. */
export function listPasskeys(api: ApiClient): Promise<PasskeyListing> {
  return api.get('/um/passkeys', { skipGlobalErrors: true });
}
