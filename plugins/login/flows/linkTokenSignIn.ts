import { callFailure } from '@core/http/callFailure';

import { loginErrorMessage } from '../logic/loginErrorMessage';
import { finishSignIn } from './completeSignIn';
import { type FlowResult, go } from './FlowResult';
import type { LoginServices } from './LoginServices';

/** `?token=` (spec §2): the session exchanges the handed-over token; a failure shows on the login step. */
export async function linkTokenSignIn(
  services: LoginServices,
  token: string,
  returnUrl: string | null,
): Promise<FlowResult> {
  try {
    return await finishSignIn(services, await services.session.adoptLinkToken(token), returnUrl);
  } catch (error) {
    return go({ type: 'back-to-login', notice: { message: loginErrorMessage(callFailure(error)) } });
  }
}
