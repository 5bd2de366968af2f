import { Button, Callout, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { Field, Form } from 'react-final-form';

import { type PasswordValues, useChangePassword, validatePasswordChange } from './useChangePassword';

export interface ChangePasswordFormProps {
  /** Called after a successful change (the section folds the form away). */
  onDone(): void;
}

const FIELDS: readonly { key: keyof PasswordValues; label: string; autoComplete: string }[] = [
  { key: 'oldPassword', label: 'Current password', autoComplete: 'current-password' },
  { key: 'newPassword', label: 'New password', autoComplete: 'new-password' },
  { key: 'confirmPassword', label: 'Confirm new password', autoComplete: 'new-password' },
];
const EMPTY: PasswordValues = { oldPassword: '', newPassword: '', confirmPassword: '' };
const validate = (values: Partial<PasswordValues>) =>
  validatePasswordChange(values.oldPassword ?? '', values.newPassword ?? '', values.confirmPassword ?? '');
const keepEmpty = (value: string | undefined) => value ?? '';

/** Old, new and confirmation; Enter submits. Every other session of the user ends on success. */
export function ChangePasswordForm({ onDone }: ChangePasswordFormProps) {
  const change = useChangePassword(onDone);
  // The fields' errors show once Change password was pressed, until a change succeeds.
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <Form<PasswordValues>
      initialValues={EMPTY}
      validate={validate}
      onSubmit={async (values, form) => {
        setFailure(null);
        const message = await change(values);
        if (message) return setFailure(message);
        form.reset();
        setSubmitted(false);
      }}
      render={({ handleSubmit, submitting }) => (
        <form
          data-testid="change-password-form"
          onSubmit={(event) => {
            setSubmitted(true);
            void handleSubmit(event);
          }}
        >
          {failure ? (
            <Callout
              intent={Intent.DANGER}
              role="alert"
              style={{ marginBottom: 8 }}
              data-testid="change-password-failure"
            >
              {failure}
            </Callout>
          ) : null}
          {FIELDS.map(({ key, label, autoComplete }) => (
            <Field<string> key={key} name={key} parse={keepEmpty}>
              {({ input, meta }) => {
                const error = submitted ? (meta.error as string | undefined) : undefined;
                const intent = error ? Intent.DANGER : Intent.NONE;
                return (
                  <FormGroup label={label} labelFor={`shell-${key}`} intent={intent} helperText={error}>
                    <InputGroup
                      id={`shell-${key}`}
                      type="password"
                      autoComplete={autoComplete}
                      value={input.value}
                      intent={intent}
                      onValueChange={input.onChange}
                      onBlur={input.onBlur}
                      onFocus={input.onFocus}
                    />
                  </FormGroup>
                );
              }}
            </Field>
          ))}
          <p className="shell-hint">
            Use 8 or more characters with a mix of letters, numbers &amp; symbols. Your other sessions will be signed
            out.
          </p>
          <Button type="submit" intent={Intent.PRIMARY} text="Change password" loading={submitting} />
        </form>
      )}
    />
  );
}
