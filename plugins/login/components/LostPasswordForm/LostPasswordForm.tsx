import { Button, Callout, Intent } from '@blueprintjs/core';
import { Envelope } from '@blueprintjs/icons';
import { FORM_ERROR } from 'final-form';
import { useState } from 'react';
import { Form } from 'react-final-form';

import { FormTextField } from '@core/ui/FormTextField/FormTextField';

import { LoginTexts } from '../../logic/texts';
import { validateRecoveryEmail } from '../../logic/validators';
import { ActionLink } from '../ActionLink/ActionLink';
import { ErrorCallout } from '../ErrorCallout/ErrorCallout';

export interface LostPasswordFormProps {
  /** Asks for a reset link; answers an error text or nothing. */
  onSubmit(email: string): Promise<string | undefined>;
  /** Back to the login step. */
  onReturn(): void;
}

/** The lost-password step: after Send the button stays disabled and a confirmation shows. */
export function LostPasswordForm({ onSubmit, onReturn }: LostPasswordFormProps) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  return (
    <Form<{ email: string }>
      onSubmit={async ({ email }) => {
        const error = await onSubmit(email.trim());
        if (error) return { [FORM_ERROR]: error };
        setSentTo(email.trim());
        return undefined;
      }}
      initialValues={{ email: '' }}
      render={({ handleSubmit, submitting, submitError }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Lost password">
          <p>Enter the e-mail address of your account and we will send you a link to reset your password.</p>
          <ErrorCallout message={submitError ? String(submitError) : null} />
          <FormTextField
            idPrefix="login"
            name="email"
            label="Email"
            type="email"
            validate={validateRecoveryEmail}
            autoComplete="email"
            inputMode="email"
            autoFocus
            leftIcon={<Envelope />}
            disabled={sentTo !== null}
          />
          {sentTo !== null && (
            <Callout intent={Intent.SUCCESS} role="status" className="login-callout">
              If an account exists for {sentTo}, an e-mail with a link to reset your password is on its way.
            </Callout>
          )}
          <Button
            type="submit"
            intent={Intent.PRIMARY}
            fill
            loading={submitting}
            disabled={submitting || sentTo !== null}
            text="Send"
          />
          <p className="login-links">
            <ActionLink onClick={onReturn}>{LoginTexts.returnToLogin}</ActionLink>
          </p>
        </form>
      )}
    />
  );
}
