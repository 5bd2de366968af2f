import { Button, Intent } from '@blueprintjs/core';
import { FORM_ERROR } from 'final-form';
import type { ReactNode } from 'react';
import { Form } from 'react-final-form';

import { LoginTexts } from '../../logic/texts';
import { ActionLink } from '../ActionLink/ActionLink';

/** What tells the two code steps apart, besides their fields. */
export interface SecondFactorStep<Values extends object> {
  /** Accessible name of the form. */
  ariaLabel: string;
  /** What the step asks for, above the fields. */
  intro: string;
  initialValues: Values;
  /** The field a wrong code is reported under. */
  codeField: keyof Values & string;
  /** Text of the link to the other kind of code. */
  switchText: string;
}

export interface SecondFactorFormProps<Values extends object> {
  step: SecondFactorStep<Values>;
  /** Verifies; answers the field error or nothing. */
  onSubmit(values: Values): Promise<string | undefined>;
  /** Follows the link to the other kind of code. */
  onSwitch(): void;
  /** Back to the login step. */
  onReturn(): void;
  /** The step's fields. */
  children: ReactNode;
  /** Another way through the step, under Verify (the two-auth step's passkey). */
  alternative?: ReactNode;
}

/** The frame of two-auth and recovery-code: fields, Verify, the switch link and "Return to login screen". */
export function SecondFactorForm<Values extends object>({
  step,
  onSubmit,
  onSwitch,
  onReturn,
  children,
  alternative,
}: SecondFactorFormProps<Values>) {
  const { ariaLabel, intro, initialValues, codeField, switchText } = step;
  return (
    <Form<Values>
      onSubmit={async (values) => {
        const error = await onSubmit(values);
        return error ? { [codeField]: error, [FORM_ERROR]: error } : undefined;
      }}
      initialValues={initialValues}
      render={({ handleSubmit, submitting }) => (
        <form onSubmit={handleSubmit} noValidate aria-label={ariaLabel}>
          <p>{intro}</p>
          {children}
          <Button type="submit" intent={Intent.PRIMARY} fill loading={submitting} text="Verify" />
          {alternative}
          <p className="login-links">
            <ActionLink onClick={onSwitch} disabled={submitting}>
              {switchText}
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
