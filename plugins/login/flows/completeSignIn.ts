import { passkeyRequiredPath } from '@core/auth/passkeys/passkeyRequiredPath';
import type { AuthResult, SignInContext, SignInOutcome } from '@core/session/SessionService';
import { StorageKeys } from '@core/storage/StorageService';

import { done, type FlowResult, go } from './FlowResult';
import type { LoginServices } from './LoginServices';

/**
 * The end of every sign-in path (password, second factor, recovery code, provider return, link
 * token), spec §4: a second-factor outcome opens two-auth; a session fetches and stores the
 * environment type, then goes where the products' landing rules say; a user whose tenant requires
 * a passkey and who has none is led to add one first, then goes there.
 */
export async function finishSignIn(
  { api, storage, nav, registry }: Pick<LoginServices, 'api' | 'storage' | 'nav' | 'registry'>,
  outcome: SignInOutcome,
  returnUrl: string | null = null,
  passkeyRequired = false,
): Promise<FlowResult> {
  if (outcome.kind === 'second-factor') return go({ type: 'second-factor' });
  const envType = await api.environmentType();
  if (envType) storage.set(StorageKeys.envType, envType);
  const target = registry.signInTarget({
    perms: outcome.claims.perms ?? [],
    envType,
    returnUrl: outcome.returnUrl ?? returnUrl,
  });
  nav.navigate(passkeyRequired ? passkeyRequiredPath(target) : target, { replace: true });
  return done;
}

/** Hands an API answer to the session (which decides between session and second factor), then finishes. */
export function completeSignIn(
  services: Pick<LoginServices, 'api' | 'session' | 'storage' | 'nav' | 'registry'>,
  answer: AuthResult,
  context: SignInContext,
): Promise<FlowResult> {
  return finishSignIn(services, services.session.adopt(answer, context), null, answer.passkeyRequired === true);
}
