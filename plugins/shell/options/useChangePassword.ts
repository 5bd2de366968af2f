import { useState } from 'react';
import { HttpServiceToken } from '@core/http/HttpService';
import { useService } from '@core/react';
import { ToastServiceToken } from '@core/toasts/ToastService';
import { changePassword } from '../api/changePassword';
import { serverMessage } from '../logic/serverMessage';

export interface PasswordErrors {
  oldPassword?: string;
  newPassword?: string;
  confirmPassword?: string;
}

export function validatePasswordChange(oldPassword: string, newPassword: string, confirmPassword: string): PasswordErrors {
  const errors: PasswordErrors = {};
  if (!oldPassword) errors.oldPassword = 'Current password is required';
  if (!newPassword) errors.newPassword = 'New password is required';
  else if (newPassword === oldPassword) errors.newPassword = 'The new password must differ from the current one';
  if (!confirmPassword) errors.confirmPassword = 'Please confirm the new password';
  else if (confirmPassword !== newPassword) errors.confirmPassword = 'Your passwords do not match.';
  return errors;
}

/**
 * Change password: POST /um/password. The API ends every other session of the user and keeps
 * this one, so on success the form only clears and says so; the server's message (wrong current
 * password, a weak new one) shows as it is, with the typed values kept.
 */
export function useChangePassword(onDone: () => void) {
  const http = useService(HttpServiceToken);
  const toasts = useService(ToastServiceToken);
  const [values, setValues] = useState({ oldPassword: '', newPassword: '', confirmPassword: '' });
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const errors = validatePasswordChange(values.oldPassword, values.newPassword, values.confirmPassword);

  return {
    values,
    errors: submitted ? errors : {},
    saving,
    failure,
    set(field: keyof typeof values, value: string) {
      setValues((current) => ({ ...current, [field]: value }));
    },
    async submit() {
      setSubmitted(true);
      if (Object.keys(errors).length > 0 || saving) return;
      setSaving(true);
      setFailure(null);
      try {
        await changePassword(http, values.oldPassword, values.newPassword);
        setValues({ oldPassword: '', newPassword: '', confirmPassword: '' });
        setSubmitted(false);
        toasts.success('Change password', 'Your password has been changed. Your other sessions were signed out.');
        onDone();
      } catch (error) {
        setFailure(serverMessage(error));
      } finally {
        setSaving(false);
      }
    },
  };
}
