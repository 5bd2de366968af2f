import { Button, Intent } from '@blueprintjs/core';
import { FORM_ERROR } from 'final-form';
import { Form } from 'react-final-form';
import { LoginTexts } from '../../logic/texts';
import { validateRecoveryCode } from '../../logic/validators';
import { ActionLink } from '../ActionLink/ActionLink';
import { TextField } from '../TextField/TextField';

export interface RecoveryCodeValues {
  recoveryCode: string;
}

export interface RecoveryCodeFormProps {
  /** Verifies the code (dashes already allowed); answers the field error or nothing. */
  onSubmit(values: RecoveryCodeValues): Promise<string | undefined>;
  /** Back to the six-digit code. */
  onUseCode(): void;
  /** Back to the login step. */
  onReturn(): void;
}

/** Recovery codes are digits, often written in dash-separated groups: allow both while typing. */
function parseRecoveryInput(value: string): string {
  return value.replace(/[^\d-]/g, '').slice(0, 32);
}

/** The recovery-code step. */
export function RecoveryCodeForm({ onSubmit, onUseCode, onReturn }: RecoveryCodeFormProps) {
  return (
    <Form<RecoveryCodeValues>
      onSubmit={async (values) => {
        const error = await onSubmit(values);
        return error ? { recoveryCode: error, [FORM_ERROR]: error } : undefined;
      }}
      initialValues={{ recoveryCode: '' }}
      render={({ handleSubmit, submitting }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Sign in with a recovery code">
          <p>Enter one of the recovery codes you saved when you turned on two-factor authentication.</p>
          <TextField name="recoveryCode" label="Recovery code" validate={validateRecoveryCode} parse={parseRecoveryInput} inputMode="numeric" autoComplete="off" autoFocus />
          <Button type="submit" intent={Intent.PRIMARY} fill loading={submitting} text="Verify" />
          <p className="login-links">
            <ActionLink onClick={onUseCode} disabled={submitting}>
              Use an authentication code
            </ActionLink>
            <ActionLink onClick={onReturn} disabled={submitting}>
              {LoginTexts.returnToLogin}
            </ActionLink>
          </p>
        </form>
      )}
    />
  );
}
