import { PasskeyCancelled } from '@core/auth/passkeys/PasskeyBrowser';
import { callFailure } from '@core/http/callFailure';

import { loginErrorMessage } from '../logic/loginErrorMessage';
import { secondFactorFailureMessage } from '../logic/secondFactorError';
import { completeSignIn } from './completeSignIn';
import { done, fieldError, type FlowResult, go } from './FlowResult';
import type { LoginServices } from './LoginServices';
import { PASSKEY_UNSUPPORTED } from './passkeySignIn';

/**
 * The second sign-in step with a passkey instead of the code: options limited to the user's
 * passkeys (the pending token goes with them), the browser's dialog, then the API's check. Backing
 * out is no error; a refused passkey is an error under the step; a pending sign-in that is gone
 * (401) returns to login, as a code step does.
 */
export async function passkeySecondFactor(services: LoginServices): Promise<FlowResult> {
  const pending = services.session.secondFactor();
  if (!pending) return go({ type: 'back-to-login' });
  if (!services.passkeys.supported()) return fieldError(PASSKEY_UNSUPPORTED);
  try {
    const options = await services.api.passkeySecondFactorOptions();
    const credential = await services.passkeys.authenticate(options);
    const answer = await services.api.passkeySecondFactor({ credential: credential as never });
    return await completeSignIn(services, answer, pending);
  } catch (error) {
    if (error instanceof PasskeyCancelled) return done;
    const info = callFailure(error);
    if (info.status === 400) return fieldError(loginErrorMessage(info));
    return go({ type: 'back-to-login', notice: { message: secondFactorFailureMessage(info) } });
  }
}
