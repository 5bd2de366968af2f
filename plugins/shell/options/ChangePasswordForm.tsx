import { Button, Callout, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useChangePassword, type PasswordErrors } from './useChangePassword';

export interface ChangePasswordFormProps {
  /** Called after a successful change (the section folds the form away). */
  onDone(): void;
}

const FIELDS: readonly { key: keyof PasswordErrors; label: string; autoComplete: string }[] = [
  { key: 'oldPassword', label: 'Current password', autoComplete: 'current-password' },
  { key: 'newPassword', label: 'New password', autoComplete: 'new-password' },
  { key: 'confirmPassword', label: 'Confirm new password', autoComplete: 'new-password' },
];

/** Old, new and confirmation; Enter submits. Every other session of the user ends on success. */
export function ChangePasswordForm({ onDone }: ChangePasswordFormProps) {
  const form = useChangePassword(onDone);
  return (
    <form
      data-testid="change-password-form"
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit();
      }}
    >
      {form.failure ? (
        <Callout intent={Intent.DANGER} role="alert" style={{ marginBottom: 8 }} data-testid="change-password-failure">
          {form.failure}
        </Callout>
      ) : null}
      {FIELDS.map(({ key, label, autoComplete }) => (
        <FormGroup key={key} label={label} labelFor={`shell-${key}`} intent={form.errors[key] ? Intent.DANGER : Intent.NONE} helperText={form.errors[key]}>
          <InputGroup
            id={`shell-${key}`}
            type="password"
            autoComplete={autoComplete}
            value={form.values[key]}
            intent={form.errors[key] ? Intent.DANGER : Intent.NONE}
            onValueChange={(value) => form.set(key, value)}
          />
        </FormGroup>
      ))}
      <p className="shell-hint">Use 8 or more characters with a mix of letters, numbers &amp; symbols. Your other sessions will be signed out.</p>
      <Button type="submit" intent={Intent.PRIMARY} text="Change password" loading={form.saving} />
    </form>
  );
}
