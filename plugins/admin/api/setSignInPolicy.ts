import type { ApiClient } from '@core/api/ApiClient';

import type { SignInPolicy } from './getSignInPolicy';

/** PUT /um/signInPolicy (audited). */
export function setSignInPolicy(api: ApiClient, policy: SignInPolicy): Promise<SignInPolicy> {
  return api.put('/um/signInPolicy', { body: policy });
}
