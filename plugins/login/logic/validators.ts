import { LoginTexts } from './texts';

/** final-form field validators answer the error text or undefined. */
export type Validator = (value: unknown) => string | undefined;

export const required =
  (message: string): Validator =>
  (value) =>
    typeof value === 'string' && value.trim() ? undefined : message;

/** One `@`, no spaces, a dotted domain: what the server accepts as an address. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function isEmail(value: unknown): value is string {
  return typeof value === 'string' && EMAIL_PATTERN.test(value.trim());
}

export const SIX_DIGITS = /^\d{6}$/;

export const validateUsername = required(LoginTexts.usernameRequired);
export const validatePassword = required(LoginTexts.passwordRequired);
export const validateOktaDomain = required(LoginTexts.oktaRequired);

export const validateCode: Validator = (value) => {
  if (typeof value !== 'string' || !value) return LoginTexts.codeRequired;
  return SIX_DIGITS.test(value) ? undefined : LoginTexts.invalidCode;
};

export const validateRecoveryCode: Validator = (value) => {
  if (typeof value !== 'string' || !value.trim()) return LoginTexts.recoveryRequired;
  return normalizeRecoveryCode(value) ? undefined : LoginTexts.invalidRecovery;
};

export const validateRecoveryEmail: Validator = (value) => {
  if (typeof value !== 'string' || !value.trim()) return LoginTexts.emailRequired;
  return isEmail(value) ? undefined : LoginTexts.emailInvalid;
};

/** Jamf screen (spec §5): 'You must enter a value', 'Not a valid email'. */
export const validateJamfEmail: Validator = (value) => {
  if (typeof value !== 'string' || !value.trim()) return LoginTexts.jamfRequired;
  return isEmail(value) ? undefined : LoginTexts.jamfInvalid;
};

/** Code fields are numeric: keep digits only, at most six. */
export function parseDigits(value: string | undefined, max = 6): string {
  return (value ?? '').replace(/\D/g, '').slice(0, max);
}

/** Dashes (and spaces) are removed from a recovery code before sending (spec §5). */
export function normalizeRecoveryCode(value: string): string {
  return value.replace(/[-\s]/g, '');
}

/** The domain part of an e-mail address, lower-cased. */
export function emailDomain(email: string): string {
  const at = email.trim().lastIndexOf('@');
  return at < 0
    ? ''
    : email
        .trim()
        .slice(at + 1)
        .toLowerCase();
}
