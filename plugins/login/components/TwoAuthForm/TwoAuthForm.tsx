import { Button, Checkbox, Intent } from '@blueprintjs/core';
import { FORM_ERROR } from 'final-form';
import { Field, Form } from 'react-final-form';
import { LoginTexts } from '../../logic/texts';
import { parseDigits, validateCode } from '../../logic/validators';
import { ActionLink } from '../ActionLink/ActionLink';
import { ErrorCallout } from '../ErrorCallout/ErrorCallout';
import { TextField } from '../TextField/TextField';

export interface TwoAuthValues {
  digitCode: string;
  remember2fa: boolean;
}

export interface TwoAuthFormProps {
  /** Verifies the code; answers the field error ('Invalid six digit code.') or nothing. */
  onSubmit(values: TwoAuthValues): Promise<string | undefined>;
  /** Switches to the recovery-code step. */
  onUseRecoveryCode(): void;
  /** Back to the login step. */
  onReturn(): void;
}

/** The two-auth step: six-digit numeric code, remember-me, link to the recovery code. */
export function TwoAuthForm({ onSubmit, onUseRecoveryCode, onReturn }: TwoAuthFormProps) {
  return (
    <Form<TwoAuthValues>
      onSubmit={async (values) => {
        const error = await onSubmit(values);
        return error ? { digitCode: error, [FORM_ERROR]: error } : undefined;
      }}
      initialValues={{ digitCode: '', remember2fa: false }}
      render={({ handleSubmit, submitting }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Two-factor authentication">
          <p>Enter the six-digit code from your authenticator app.</p>
          <TextField
            name="digitCode"
            label="Authentication code"
            validate={validateCode}
            parse={(value) => parseDigits(value)}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            autoFocus
          />
          <Field<boolean> name="remember2fa" type="checkbox">
            {({ input }) => (
              <Checkbox checked={Boolean(input.checked)} onChange={input.onChange} name={input.name} label="Remember this device for 30 days" />
            )}
          </Field>
          <Button type="submit" intent={Intent.PRIMARY} fill loading={submitting} text="Verify" />
          <p className="login-links">
            <ActionLink onClick={onUseRecoveryCode} disabled={submitting}>
              Use a recovery code
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
