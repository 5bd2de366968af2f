import { callFailure } from '@core/http/callFailure';

import { secondFactorFailureMessage } from '../logic/secondFactorError';
import { completeSignIn } from './completeSignIn';
import { fieldError, type FlowResult, go } from './FlowResult';
import type { LoginServices } from './LoginServices';
import type { SecondFactorMethod } from './secondFactorMethods';

/**
 * "Verify a code, then finish sign-in" for two-auth and recovery-code (spec §4, §8): a wrong code
 * is an error under the field, any other failure (or no pending sign-in) returns to login.
 */
export async function verifySecondFactor<Values>(
  services: LoginServices,
  method: SecondFactorMethod<Values>,
  values: Values,
): Promise<FlowResult> {
  const pending = services.session.secondFactor();
  if (!pending) return go({ type: 'back-to-login' });
  try {
    const answer = await method.send(
      services.api,
      values,
      pending,
      await services.captcha.getToken(method.captchaAction),
    );
    return await completeSignIn(services, answer, pending);
  } catch (error) {
    const info = callFailure(error);
    const outcome = method.errorOutcome(info);
    if (outcome.kind === 'field-error') return fieldError(outcome.message);
    return go({ type: 'back-to-login', notice: { message: secondFactorFailureMessage(info) } });
  }
}
