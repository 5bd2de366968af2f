import { Button, Intent } from '@blueprintjs/core';
import { Form } from 'react-final-form';

import { FormTextField } from '@core/ui/FormTextField/FormTextField';

import { passwordsComplete, passwordsMismatch, type PasswordValues, showMismatch } from '../../logic/passwordRules';
import { InviteTexts } from '../../logic/texts';

interface PasswordFormValues extends PasswordValues {
  email: string;
}

export interface PasswordFormProps {
  /** The invitation's username: shown read-only, and the e-mail signed in with. */
  email: string;
  busy: boolean;
  onSubmit(password: string): Promise<void>;
}

/** Step 1 with a password: Email (read-only), New Password, Confirm Password, Login. */
export function PasswordForm({ email, busy, onSubmit }: PasswordFormProps) {
  return (
    <Form<PasswordFormValues>
      // The address is the invitation's whatever the field says: it is read-only, and not read back.
      onSubmit={({ newPassword }) => onSubmit(newPassword ?? '')}
      initialValues={{ email, newPassword: '', validatePassword: '' }}
      subscription={{ values: true, touched: true }}
      render={({ handleSubmit, values, touched }) => {
        const mismatch = showMismatch(values, Boolean(touched?.validatePassword));
        const ready = passwordsComplete(values) && !passwordsMismatch(values);
        return (
          <form onSubmit={handleSubmit} noValidate aria-label={InviteTexts.stepFirstLogin}>
            <FormTextField
              idPrefix="invite"
              name="email"
              label={InviteTexts.email}
              type="email"
              readOnly
              autoComplete="username"
              maxLength={1024}
            />
            <FormTextField
              idPrefix="invite"
              name="newPassword"
              label={InviteTexts.newPassword}
              type="password"
              autoComplete="new-password"
              maxLength={1024}
              hint={InviteTexts.passwordHint}
              autoFocus
            />
            <FormTextField
              idPrefix="invite"
              name="validatePassword"
              label={InviteTexts.confirmPassword}
              type="password"
              autoComplete="new-password"
              maxLength={1024}
              externalError={mismatch ? InviteTexts.mismatch : null}
            />
            <Button
              type="submit"
              intent={Intent.PRIMARY}
              fill
              loading={busy}
              disabled={!ready || busy}
              text={InviteTexts.login}
            />
          </form>
        );
      }}
    />
  );
}
