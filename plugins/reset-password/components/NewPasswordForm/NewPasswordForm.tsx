import { Button, Intent } from '@blueprintjs/core';
import { Form } from 'react-final-form';

import { FormTextField } from '@core/ui/FormTextField/FormTextField';

import { ResetTexts } from '../../logic/texts';
import { validateConfirmation, validateNewPassword } from '../../logic/validators';

interface NewPasswordValues {
  password: string;
  confirmation: string;
}

export interface NewPasswordFormProps {
  /** Called with the new password once both fields agree. */
  onSubmit(password: string): Promise<void>;
  submitting: boolean;
}

/** The resetPassword step: New Password, Confirm New Password, Change password. */
export function NewPasswordForm({ onSubmit, submitting }: NewPasswordFormProps) {
  return (
    <Form<NewPasswordValues>
      onSubmit={({ password }) => onSubmit(password)}
      initialValues={{ password: '', confirmation: '' }}
      render={({ handleSubmit }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="New password">
          <FormTextField
            idPrefix="reset"
            name="password"
            label={ResetTexts.newPassword}
            type="password"
            validate={validateNewPassword}
            autoComplete="new-password"
            maxLength={1024}
            autoFocus
          />
          <FormTextField
            idPrefix="reset"
            name="confirmation"
            label={ResetTexts.confirmPassword}
            type="password"
            validate={(value, values) => validateConfirmation(value, (values as Partial<NewPasswordValues>).password)}
            autoComplete="new-password"
            maxLength={1024}
          />
          <Button type="submit" intent={Intent.PRIMARY} fill loading={submitting} text={ResetTexts.changePassword} />
        </form>
      )}
    />
  );
}
