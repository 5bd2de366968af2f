/** Spec §5 "Invite form": both fields required, the confirmation equal to the new password. */
export interface PasswordValues {
  newPassword?: string;
  validatePassword?: string;
}

export function passwordsComplete({ newPassword, validatePassword }: PasswordValues): boolean {
  return Boolean(newPassword) && Boolean(validatePassword);
}

export function passwordsMismatch({ newPassword, validatePassword }: PasswordValues): boolean {
  return Boolean(validatePassword) && validatePassword !== newPassword;
}

/**
 * When to say 'Your passwords do not match.': once the confirmation was left, or is as long as
 * the new password (not while the visitor is still typing it).
 */
export function showMismatch(values: PasswordValues, confirmationTouched: boolean): boolean {
  if (!passwordsMismatch(values)) return false;
  return confirmationTouched || (values.validatePassword?.length ?? 0) >= (values.newPassword?.length ?? 0);
}
