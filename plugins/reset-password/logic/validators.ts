import { ResetTexts } from './texts';

export type Validator = (value: unknown) => string | undefined;

const filled = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

export const validateNewPassword: Validator = (value) => (filled(value) ? undefined : ResetTexts.passwordRequired);

/** Required, then equal to the new password. */
export function validateConfirmation(value: unknown, newPassword: string | undefined): string | undefined {
  if (!filled(value)) return ResetTexts.passwordRequired;
  return value === newPassword ? undefined : ResetTexts.passwordMismatch;
}

export const validateCode: Validator = (value) => (filled(value) ? undefined : ResetTexts.codeRequired);

export const validateRecoveryCode: Validator = (value) =>
  normalizeRecoveryCode(typeof value === 'string' ? value : '') ? undefined : ResetTexts.recoveryRequired;

/** Code fields are numeric: digits only, at most six. */
export function parseCode(value: string): string {
  return value.replace(/\D/g, '').slice(0, 6);
}

/** Recovery codes are digits, often written in dash-separated groups: allow both while typing. */
export function parseRecoveryInput(value: string): string {
  return value.replace(/[^\d-]/g, '').slice(0, 32);
}

/** Dashes (and spaces) are removed from a recovery code before sending (spec §5). */
export function normalizeRecoveryCode(value: string): string {
  return value.replace(/[-\s]/g, '');
}
