import { Checkbox } from '@blueprintjs/core';
import { Field } from 'react-final-form';

import { FormTextField } from '@core/ui/FormTextField/FormTextField';

import { parseDigits, validateCode } from '../../logic/validators';
import { PasskeyFactor, PasskeyOnlyStep } from '../PasskeyFactor/PasskeyFactor';
import { SecondFactorForm, type SecondFactorStep } from '../SecondFactorForm/SecondFactorForm';

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
  /** The user has a passkey and this browser can use it: "Use a passkey" instead of the code; answers the error or nothing. */
  onUsePasskey?: () => Promise<string | undefined>;
  /** False when the API accepts no code (the tenant requires the user's passkey): the passkey is the step. */
  codeAccepted?: boolean;
}

const STEP: SecondFactorStep<TwoAuthValues> = {
  ariaLabel: 'Two-factor authentication',
  intro: 'Enter the six-digit code from your authenticator app.',
  initialValues: { digitCode: '', remember2fa: false },
  codeField: 'digitCode',
  switchText: 'Use a recovery code',
};

/** The two-auth step: six-digit numeric code, remember-me, link to the recovery code. */
/**
 * Spec §9: a remembered device skips the second factor for 30 days in the console and 60 for a
 * monitoring user. The API decides which from the account's permissions (rememberedDevices.ts),
 * which the page cannot see before the second factor (the mfa token holds only umg#otp#r), so
 * the label states both rather than a number that is wrong for some users.
 */
export const REMEMBER_LABEL = 'Remember this device for 30 days (60 days for monitoring users)';

export function TwoAuthForm({
  onSubmit,
  onUseRecoveryCode,
  onReturn,
  onUsePasskey,
  codeAccepted = true,
}: TwoAuthFormProps) {
  if (!codeAccepted && onUsePasskey)
    return <PasskeyOnlyStep onUsePasskey={onUsePasskey} onUseRecoveryCode={onUseRecoveryCode} onReturn={onReturn} />;
  return (
    <SecondFactorForm
      step={STEP}
      onSubmit={onSubmit}
      onSwitch={onUseRecoveryCode}
      onReturn={onReturn}
      alternative={onUsePasskey ? <PasskeyFactor onUsePasskey={onUsePasskey} /> : null}
    >
      <FormTextField
        idPrefix="login"
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
          <Checkbox
            checked={Boolean(input.checked)}
            onChange={input.onChange}
            name={input.name}
            label={REMEMBER_LABEL}
          />
        )}
      </Field>
    </SecondFactorForm>
  );
}
