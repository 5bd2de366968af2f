import { Button, Intent } from '@blueprintjs/core';
import { Lock, User } from '@blueprintjs/icons';
import { FormTextField } from '@core/ui/FormTextField/FormTextField';
import { FORM_ERROR } from 'final-form';
import { useState } from 'react';
import { Form, FormSpy } from 'react-final-form';
import { isEmail, validatePassword, validateUsername } from '../../logic/validators';
import { LoginTexts } from '../../logic/texts';
import { ActionLink } from '../ActionLink/ActionLink';
import { ErrorCallout } from '../ErrorCallout/ErrorCallout';
import { OrSeparator } from '../OrSeparator/OrSeparator';

export interface LoginFormValues {
  username: string;
  password: string;
}

export interface LoginFormProps {
  /** Pre-filled username (e.g. the e-mail typed on the Jamf screen). */
  initialUsername?: string;
  /** Shows 'Forgot your password?' (GET /um/passwordRecovery/enabled). */
  passwordRecoveryEnabled: boolean;
  /** Signs in; answers the error text to show, or nothing on success. */
  onSubmit(values: LoginFormValues): Promise<string | undefined>;
  /** Opens the lost-password step. */
  onForgotPassword(): void;
  /** Starts the vendor IdP with a valid e-mail; answers an error text when it cannot. */
  onJamf(email: string): Promise<string | undefined>;
  /** Starts the Google redirect; answers an error text when it cannot. */
  onGoogle(): Promise<string | undefined>;
  /** Opens the okta-client-issuer step. */
  onOkta(): void;
  /** An error carried in from elsewhere (callback failure, failed second factor). */
  initialError?: { title?: string | null; message?: string | null } | null;
}

/** The login step: username, password, Login, provider buttons separated by OR. */
export function LoginForm({ initialUsername, passwordRecoveryEnabled, onSubmit, onForgotPassword, onJamf, onGoogle, onOkta, initialError }: LoginFormProps) {
  const [jamfError, setJamfError] = useState<string | null>(null);
  // The username the Jamf error was about: typing something else clears it.
  const [jamfFor, setJamfFor] = useState<string | null>(null);
  const [providerError, setProviderError] = useState<string | null>(null);
  const [pending, setPending] = useState<'jamf' | 'google' | null>(null);

  const runProvider = async (which: 'jamf' | 'google', start: () => Promise<string | undefined>) => {
    setProviderError(null);
    setPending(which);
    try {
      const error = await start();
      if (error) setProviderError(error);
    } finally {
      setPending(null);
    }
  };

  return (
    <Form<LoginFormValues>
      onSubmit={async (values) => {
        setProviderError(null);
        const error = await onSubmit(values);
        return error ? { [FORM_ERROR]: error } : undefined;
      }}
      initialValues={{ username: initialUsername ?? '', password: '' }}
      render={({ handleSubmit, submitting, submitError, dirtySinceLastSubmit, form }) => {
        const shownError = (!dirtySinceLastSubmit && submitError) || providerError;
        const busy = submitting || pending !== null;
        return (
          <form onSubmit={handleSubmit} noValidate aria-label="Login">
            {shownError ? <ErrorCallout message={String(shownError)} /> : <ErrorCallout {...initialError} />}
            <FormSpy<LoginFormValues> subscription={{ values: true }} onChange={({ values }) => jamfError && values.username !== jamfFor && setJamfError(null)} />
            <FormTextField idPrefix="login" name="username" label="Username" validate={validateUsername} autoComplete="username" autoFocus leftIcon={<User />} externalError={jamfError} />
            <FormTextField idPrefix="login" name="password" label="Password" type="password" validate={validatePassword} autoComplete="current-password" leftIcon={<Lock />} />
            {passwordRecoveryEnabled && (
              <p className="login-links">
                <ActionLink onClick={onForgotPassword} disabled={busy}>
                  {LoginTexts.forgotPassword}
                </ActionLink>
              </p>
            )}
            <Button type="submit" intent={Intent.PRIMARY} fill loading={submitting} disabled={busy} text="Login" />
            <OrSeparator />
            <div className="login-providers">
              <Button
                fill
                variant="outlined"
                loading={pending === 'jamf'}
                disabled={busy}
                text="Sign in with Jamf"
                onClick={() => {
                  const username = form.getState().values.username ?? '';
                  if (!isEmail(username)) {
                    setJamfFor(username);
                    setJamfError(LoginTexts.emailInvalid);
                    return;
                  }
                  setJamfError(null);
                  void runProvider('jamf', () => onJamf(username.trim()));
                }}
              />
              <Button fill variant="outlined" loading={pending === 'google'} disabled={busy} text="Sign in with Google" onClick={() => void runProvider('google', onGoogle)} />
              <Button fill variant="outlined" disabled={busy} text="Sign in with Okta" onClick={onOkta} />
            </div>
          </form>
        );
      }}
    />
  );
}
