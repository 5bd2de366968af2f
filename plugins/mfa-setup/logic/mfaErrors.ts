import { callFailure } from '@core/http/callFailure';
import { boundErrorText } from '@core/http/errorText';

export const MfaTexts = {
  passwordRequired: 'Password is required',
  wrongPassword: 'The password you entered is incorrect.',
  codeRequired: 'Authentication code is required',
  invalidCode: 'Invalid six digit code.',
  unknownError: 'The application has encountered an unknown error',
  expired: 'Your verification has expired. Please confirm your password again.',
} as const;

export function errorStatus(error: unknown): number {
  return callFailure(error).status;
}

/** The API's message, bounded (every text below shows it as it is), or null. */
export function errorMessage(error: unknown): string | null {
  const { message } = callFailure(error);
  return message === null ? null : boundErrorText(message);
}

/** Recovery-mode calls: a 401 means the 10-minute recovery token is gone (restart the flow). */
export function isRecoveryExpired(error: unknown): boolean {
  return errorStatus(error) === 401;
}

/** verifyQr failure -> field error text (wrong code) or a general one. */
export function verifyErrorText(error: unknown): string {
  const message = errorMessage(error);
  if (message && /wrong totp code|pars|format/i.test(message)) return MfaTexts.invalidCode;
  if (errorStatus(error) === 400 && message) return message;
  return MfaTexts.unknownError;
}

/** validatePassword failure text. */
export function passwordErrorText(error: unknown): string {
  const status = errorStatus(error);
  if (status === 401 || status === 403) return errorMessage(error) ?? MfaTexts.wrongPassword;
  if (status === 400 && errorMessage(error)) return errorMessage(error)!;
  return MfaTexts.unknownError;
}

export function validateSixDigits(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value) return MfaTexts.codeRequired;
  return /^\d{6}$/.test(value) ? undefined : MfaTexts.invalidCode;
}

/** The .txt offered for download: one code per line, with a short header. */
export function recoveryCodesText(codes: readonly string[], username: string): string {
  return [`Recovery codes for ${username}`, 'Each code works once. Keep them somewhere safe.', '', ...codes, ''].join(
    '\n',
  );
}
