import { useService } from '@core/react';
import { ToastServiceToken } from '@core/toasts/ToastService';

import { ShellApiToken } from '../api/ShellApi';
import { serverMessage } from '../logic/serverMessage';

export interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export type PasswordErrors = Partial<Record<keyof PasswordValues, string>>;

export function validatePasswordChange(
  oldPassword: string,
  newPassword: string,
  confirmPassword: string,
): PasswordErrors {
  const errors: PasswordErrors = {};
  if (!oldPassword) errors.oldPassword = 'Current password is required';
  if (!newPassword) errors.newPassword = 'New password is required';
  else if (newPassword === oldPassword) errors.newPassword = 'The new password must differ from the current one';
  if (!confirmPassword) errors.confirmPassword = 'Please confirm the new password';
  else if (confirmPassword !== newPassword) errors.confirmPassword = 'Your passwords do not match.';
  return errors;
}

/**
 * Change password through the shell's client. The API ends every other session of the user and
 * keeps this one, so on success the form only clears and says so. Answers the server's message
 * (wrong current password, a weak new one) on failure, shown as it is; nothing on success.
 */
export function useChangePassword(onDone: () => void): (values: PasswordValues) => Promise<string | undefined> {
  const api = useService(ShellApiToken);
  const toasts = useService(ToastServiceToken);
  return async ({ oldPassword, newPassword }) => {
    try {
      await api.changePassword({ oldPassword, newPassword });
    } catch (error) {
      return serverMessage(error);
    }
    toasts.success('Change password', 'Your password has been changed. Your other sessions were signed out.');
    onDone();
    return undefined;
  };
}
