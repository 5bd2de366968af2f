import { validateRecoveryCode } from '../../logic/validators';
import { SecondFactorForm } from '../SecondFactorForm/SecondFactorForm';
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

const INITIAL: RecoveryCodeValues = { recoveryCode: '' };

/** Recovery codes are digits, often written in dash-separated groups: allow both while typing. */
function parseRecoveryInput(value: string): string {
  return value.replace(/[^\d-]/g, '').slice(0, 32);
}

/** The recovery-code step. */
export function RecoveryCodeForm({ onSubmit, onUseCode, onReturn }: RecoveryCodeFormProps) {
  return (
    <SecondFactorForm
      ariaLabel="Sign in with a recovery code"
      intro="Enter one of the recovery codes you saved when you turned on two-factor authentication."
      initialValues={INITIAL}
      codeField="recoveryCode"
      onSubmit={onSubmit}
      switchText="Use an authentication code"
      onSwitch={onUseCode}
      onReturn={onReturn}
    >
      <TextField name="recoveryCode" label="Recovery code" validate={validateRecoveryCode} parse={parseRecoveryInput} inputMode="numeric" autoComplete="off" autoFocus />
    </SecondFactorForm>
  );
}
