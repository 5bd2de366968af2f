import type { SignInProvider } from '@core/session/SessionService';
import { StorageKeys } from '@core/storage/StorageService';

import type { AuthAnswer } from '../api/InviteApi';
import type { InviteServices } from './InviteServices';

export type InviteSignIn = 'signed-in' | 'second-factor';

/**
 * Hands the sign-in answer to the session (which stores token, profile and provider), then
 * fetches the environment type like every sign-in. An account that still needs its second factor
 * continues on the login page, where the session hands the pending sign-in to the two-auth step.
 */
export async function completeInviteSignIn(
  { api, session, storage, nav }: InviteServices,
  answer: AuthAnswer,
  username: string,
  provider?: SignInProvider,
): Promise<InviteSignIn> {
  const outcome = session.adopt(answer, { username, ...(provider ? { provider } : {}) });
  if (outcome.kind === 'second-factor') {
    nav.navigate('/login', { replace: true });
    return 'second-factor';
  }
  const envType = await api.environmentType();
  if (envType) storage.set(StorageKeys.envType, envType);
  return 'signed-in';
}
