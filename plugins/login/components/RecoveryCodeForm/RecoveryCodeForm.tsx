import { FormTextField } from '@core/ui/FormTextField/FormTextField';

import { validateRecoveryCode } from '../../logic/validators';
import { SecondFactorForm, type SecondFactorStep } from '../SecondFactorForm/SecondFactorForm';

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

const STEP: SecondFactorStep<RecoveryCodeValues> = {
  ariaLabel: 'Sign in with a recovery code',
  intro: 'Enter one of the recovery codes you saved when you turned on two-factor authentication.',
  initialValues: { recoveryCode: '' },
  codeField: 'recoveryCode',
  switchText: 'Use an authentication code',
};

/** The recovery-code step. */
export function RecoveryCodeForm({ onSubmit, onUseCode, onReturn }: RecoveryCodeFormProps) {
  return (
    <SecondFactorForm step={STEP} onSubmit={onSubmit} onSwitch={onUseCode} onReturn={onReturn}>
      <FormTextField
        idPrefix="login"
        name="recoveryCode"
        label="Recovery code"
        validate={validateRecoveryCode}
        parse={parseRecoveryInput}
        inputMode="numeric"
        autoComplete="off"
        autoFocus
      />
    </SecondFactorForm>
  );
}
