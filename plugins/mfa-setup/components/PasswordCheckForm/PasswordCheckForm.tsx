import { Lock } from '@blueprintjs/icons';

import { MfaTexts } from '../../logic/mfaErrors';
import { SingleFieldForm } from '../SingleFieldForm/SingleFieldForm';

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
    <SingleFieldForm
      ariaLabel="Confirm your password"
      intro={
        <p>
          {purpose === 'enable' ? 'To turn on two-factor authentication' : 'To turn off two-factor authentication'},
          confirm your password.
          {provider
            ? ` You signed in with ${provider}: use the password of your console account, or verify with ${provider} above.`
            : ''}
        </p>
      }
      label="Password"
      inputId="mfa-password"
      validate={(value) => (value ? undefined : MfaTexts.passwordRequired)}
      inputProps={{
        type: 'password',
        autoComplete: 'current-password',
        // An SSO user likely has no console password: no focus (and no 'required' on blur) pushed on them.
        autoFocus: !provider,
        leftElement: <Lock />,
      }}
      submitText="Continue"
      onSubmit={onSubmit}
      onCancel={onCancel}
    />
  );
}
