import { PasskeyCancelled } from '@core/auth/passkeys/PasskeyBrowser';
import { callFailure } from '@core/http/callFailure';

import { loginErrorMessage } from '../logic/loginErrorMessage';
import { completeSignIn } from './completeSignIn';
import { done, fieldError, type FlowResult } from './FlowResult';
import type { LoginServices } from './LoginServices';

export const PASSKEY_UNSUPPORTED = 'This browser cannot use passkeys.';

/**
 * Signs in with a passkey, without a password: fresh options from the API, the browser's dialog
 * (or, with `autofill`, the username field's suggestions), then the API's check. Backing out of
 * the dialog is no error; an autofill request that fails stays silent (the form is still there).
 */
export async function passkeySignIn(
  services: LoginServices,
  returnUrl: string | null,
  { autofill = false }: { autofill?: boolean } = {},
): Promise<FlowResult> {
  if (!services.passkeys.supported()) return autofill ? done : fieldError(PASSKEY_UNSUPPORTED);
  try {
    const options = await services.api.passkeySignInOptions();
    const credential = await services.passkeys.authenticate(options, autofill);
    const answer = await services.api.passkeySignIn({ credential: credential as never });
    return await completeSignIn(services, answer, { username: answer.user.email, returnUrl });
  } catch (error) {
    if (error instanceof PasskeyCancelled || autofill) return done;
    return fieldError(loginErrorMessage(callFailure(error)));
  }
}

/** Offers passkeys in the username field's suggestions where the browser can, and signs in with the one picked. */
export async function passkeyAutofill(services: LoginServices, returnUrl: string | null): Promise<FlowResult> {
  if (!(await services.passkeys.autofillAvailable())) return done;
  return passkeySignIn(services, returnUrl, { autofill: true });
}
