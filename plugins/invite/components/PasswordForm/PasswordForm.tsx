import { Button, Intent } from '@blueprintjs/core';
import { Form } from 'react-final-form';
import { passwordsComplete, passwordsMismatch, showMismatch, type PasswordValues } from '../../logic/passwordRules';
import { InviteTexts } from '../../logic/texts';
import { InviteField } from '../InviteField/InviteField';

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
            <InviteField name="email" label={InviteTexts.email} type="email" readOnly autoComplete="username" />
            <InviteField name="newPassword" label={InviteTexts.newPassword} type="password" autoComplete="new-password" hint={InviteTexts.passwordHint} autoFocus />
            <InviteField name="validatePassword" label={InviteTexts.confirmPassword} type="password" autoComplete="new-password" error={mismatch ? InviteTexts.mismatch : null} />
            <Button type="submit" intent={Intent.PRIMARY} fill loading={busy} disabled={!ready || busy} text={InviteTexts.login} />
          </form>
        );
      }}
    />
  );
}
