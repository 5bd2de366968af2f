import type { ApiResponse } from '@common/api/apiTypes';
import type { ApiClient } from '@core/api/ApiClient';

/** The tenant's sign-in policy (whether a phishing-resistant method, a passkey, is required). */
export type SignInPolicy = ApiResponse<'/um/signInPolicy', 'get'>;

/** GET /um/signInPolicy. */
export function getSignInPolicy(api: ApiClient): Promise<SignInPolicy> {
  return api.get('/um/signInPolicy');
}
