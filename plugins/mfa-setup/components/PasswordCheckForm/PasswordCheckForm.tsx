import { Button, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { Lock } from '@blueprintjs/icons';
import { FORM_ERROR } from 'final-form';
import { Field, Form } from 'react-final-form';
import { MfaTexts } from '../../logic/mfaErrors';

export interface PasswordCheckFormProps {
  /** Why the password is asked (turning on or off). */
  purpose: 'enable' | 'disable';
  /** Label of the provider this session signed in with, if the user can verify there instead. */
  provider?: string | null;
  /** Validates the password; answers an error text or nothing. */
  onSubmit(password: string): Promise<string | undefined>;
  /** Leaves the re-validation. */
  onCancel(): void;
}

/** Re-validation before changing the second factor: the password gives a recovery token. */
export function PasswordCheckForm({ purpose, provider, onSubmit, onCancel }: PasswordCheckFormProps) {
  return (
    <Form<{ password: string }>
      onSubmit={async ({ password }) => {
        const error = await onSubmit(password);
        return error ? { [FORM_ERROR]: error } : undefined;
      }}
      render={({ handleSubmit, submitting, submitError, dirtySinceLastSubmit }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Confirm your password">
          <p>
            {purpose === 'enable' ? 'To turn on two-factor authentication' : 'To turn off two-factor authentication'}, confirm your password.
            {provider ? ` You signed in with ${provider}: use the password of your console account, or verify with ${provider} above.` : ''}
          </p>
          <Field<string> name="password" validate={(value) => (value ? undefined : MfaTexts.passwordRequired)}>
            {({ input, meta }) => {
              const error = ((meta.touched || meta.submitFailed) && meta.error) || (!dirtySinceLastSubmit && submitError) || null;
              return (
                <FormGroup label="Password" labelFor="mfa-password" intent={error ? Intent.DANGER : Intent.NONE} helperText={error ? String(error) : undefined}>
                  <InputGroup
                    id="mfa-password"
                    type="password"
                    autoComplete="current-password"
                    // An SSO user likely has no console password: no focus (and no 'required' on blur) pushed on them.
                    autoFocus={!provider}
                    leftElement={<Lock />}
                    value={input.value ?? ''}
                    onChange={input.onChange}
                    onBlur={input.onBlur}
                    intent={error ? Intent.DANGER : Intent.NONE}
                  />
                </FormGroup>
              );
            }}
          </Field>
          <div className="mfa-actions">
            <Button text="Cancel" variant="minimal" onClick={onCancel} disabled={submitting} />
            <Button type="submit" intent={Intent.PRIMARY} loading={submitting} text="Continue" />
          </div>
        </form>
      )}
    />
  );
}
