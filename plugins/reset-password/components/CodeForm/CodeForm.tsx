import { Button, Intent } from '@blueprintjs/core';
import { Form } from 'react-final-form';

import { FormTextField } from '@core/ui/FormTextField/FormTextField';

import { ResetTexts } from '../../logic/texts';
import { parseCode, parseRecoveryInput, validateCode, validateRecoveryCode } from '../../logic/validators';

export interface CodeFormProps {
  /** twoFactor: the six-digit authentication code; recoveryCode: one of the saved codes. */
  kind: 'twoFactor' | 'recoveryCode';
  onSubmit(code: string): Promise<void>;
  /** The link to the other kind of code. */
  onSwitch(): void;
  submitting: boolean;
}

const KINDS = {
  twoFactor: {
    label: ResetTexts.code,
    formName: 'Verify with an authentication code',
    intro: 'Enter the six-digit code from your authenticator app.',
    validate: validateCode,
    parse: parseCode,
    maxLength: 6,
    autoComplete: 'one-time-code',
    switchText: ResetTexts.useRecoveryCode,
  },
  recoveryCode: {
    label: ResetTexts.recoveryCode,
    formName: 'Verify with a recovery code',
    intro: 'Enter one of the recovery codes you saved when you turned on two-factor authentication.',
    validate: validateRecoveryCode,
    parse: parseRecoveryInput,
    maxLength: 32,
    autoComplete: 'off',
    switchText: ResetTexts.useCode,
  },
} as const;

/** The twoFactor and recoveryCode steps: one numeric field, Verify, and a link to the other step. */
export function CodeForm({ kind, onSubmit, onSwitch, submitting }: CodeFormProps) {
  const k = KINDS[kind];
  return (
    <Form<{ code: string }>
      key={kind}
      onSubmit={({ code }) => onSubmit(code)}
      initialValues={{ code: '' }}
      render={({ handleSubmit }) => (
        <form onSubmit={handleSubmit} noValidate aria-label={k.formName}>
          <p>{k.intro}</p>
          <FormTextField
            idPrefix="reset"
            name="code"
            label={k.label}
            validate={k.validate}
            parse={k.parse}
            inputMode="numeric"
            maxLength={k.maxLength}
            autoComplete={k.autoComplete}
            autoFocus
          />
          <Button type="submit" intent={Intent.PRIMARY} fill loading={submitting} text={ResetTexts.verify} />
          <p className="reset-links">
            <Button
              variant="minimal"
              size="small"
              intent={Intent.PRIMARY}
              text={k.switchText}
              onClick={onSwitch}
              disabled={submitting}
            />
          </p>
        </form>
      )}
    />
  );
}
