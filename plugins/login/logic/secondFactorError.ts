import type { CallFailure } from '@core/http/callFailure';

import { loginErrorMessage } from './loginErrorMessage';
import { LoginTexts } from './texts';

/** What a failed second-factor call leads to (spec §4, §8). */
export type SecondFactorOutcome = { kind: 'field-error'; message: string } | { kind: 'back-to-login' };

/** The API's texts for a wrong code; a code the server cannot parse counts as wrong too. */
const WRONG_CODE = /^wrong totp code$/i;
const WRONG_RECOVERY = /^wrong totp recovery code$/i;
const PARSE_ERROR = /pars|format|numeric|number/i;

export function codeErrorOutcome({ message }: CallFailure): SecondFactorOutcome {
  if (message && (WRONG_CODE.test(message.trim()) || PARSE_ERROR.test(message)))
    return { kind: 'field-error', message: LoginTexts.invalidCode };
  return { kind: 'back-to-login' };
}

export function recoveryErrorOutcome({ message }: CallFailure): SecondFactorOutcome {
  if (message && (WRONG_RECOVERY.test(message.trim()) || PARSE_ERROR.test(message)))
    return { kind: 'field-error', message: LoginTexts.invalidRecovery };
  return { kind: 'back-to-login' };
}

/** The login step's message after a second-factor failure that is not a wrong code. */
export function secondFactorFailureMessage(info: CallFailure): string {
  // 401/403 here means the pending sign-in itself is gone, not that the credentials were wrong.
  return info.status === 401 || info.status === 403 ? LoginTexts.signInExpired : loginErrorMessage(info);
}
