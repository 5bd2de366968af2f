import { ApiClientToken } from '@core/api/ApiClient';
import { type Loaded, useLoader } from '@core/react/useLoader';
import { useService } from '@core/react/useService';

import { getSignInPolicy, type SignInPolicy } from '../api/getSignInPolicy';
import { setSignInPolicy } from '../api/setSignInPolicy';
import { apiMessage } from '../logic/apiMessage';
import { type Action, useAction } from './useAction';

export interface SignInPolicyState {
  policy: Loaded<SignInPolicy>;
  action: Action;
  /** Sends the new value; the switch shows what the API answered. */
  setRequirePasskey(value: boolean): Promise<void>;
}

/** The sign-in settings' passkey policy: whether the tenant requires a phishing-resistant method. */
export function useSignInPolicy(): SignInPolicyState {
  const api = useService(ApiClientToken);
  const policy = useLoader('sign-in-policy', () => getSignInPolicy(api), { describe: apiMessage });
  const action = useAction();
  return {
    policy,
    action,
    async setRequirePasskey(value) {
      const answer = await action.run(() => setSignInPolicy(api, { requirePhishingResistant: value }));
      if (answer) policy.set(answer);
    },
  };
}
