import type { CallFailure } from '@core/http/callFailure';
import type { PendingSecondFactor } from '@core/session/SessionService';

import type { AuthAnswer, LoginApi } from '../api/LoginApi';
import type { RecoveryCodeValues } from '../components/RecoveryCodeForm/RecoveryCodeForm';
import type { TwoAuthValues } from '../components/TwoAuthForm/TwoAuthForm';
import { codeErrorOutcome, recoveryErrorOutcome, type SecondFactorOutcome } from '../logic/secondFactorError';
import { normalizeRecoveryCode } from '../logic/validators';

/** What differs between the two ways of passing the second factor: the rest is verifySecondFactor. */
export interface SecondFactorMethod<Values> {
  /** reCAPTCHA action of the call. */
  captchaAction: string;
  /** The call, with the form's values and the sign-in waiting for it. */
  send(
    api: LoginApi,
    values: Values,
    pending: PendingSecondFactor,
    captchaToken: string | undefined,
  ): Promise<AuthAnswer>;
  /** Which failures are a wrong code (an error under the field); anything else returns to login. */
  errorOutcome(info: CallFailure): SecondFactorOutcome;
}

/** two-auth: the six-digit code, "remember this device" and the sign-in's username (spec §7). */
export const authenticationCode: SecondFactorMethod<TwoAuthValues> = {
  captchaAction: 'two_factor',
  send: (api, { digitCode, remember2fa }, pending, captchaToken) =>
    api.validateCode({ totpCode: digitCode, remember: remember2fa, username: pending.username, captchaToken }),
  errorOutcome: codeErrorOutcome,
};

/** recovery-code: dashes are removed before sending (spec §5). */
export const recoveryCode: SecondFactorMethod<RecoveryCodeValues> = {
  captchaAction: 'recovery_code',
  send: (api, values, _pending, captchaToken) =>
    api.validateRecoveryCode({ totpRecoveryCode: normalizeRecoveryCode(values.recoveryCode), captchaToken }),
  errorOutcome: recoveryErrorOutcome,
};
