import { Button, Intent } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';

import { OrSeparator } from '@core/ui/OrSeparator/OrSeparator';

import { useCredentialsForm } from '../../hooks/useCredentialsForm';
import { LoginTexts } from '../../logic/texts';
import { finishTakeOver, typedBeforeStart } from '../../logic/typedBeforeStart';
import { isEmail, validatePassword, validateUsername } from '../../logic/validators';
import { ActionLink } from '../ActionLink/ActionLink';
import { ErrorCallout } from '../ErrorCallout/ErrorCallout';
import { FieldIcon } from '../FieldIcon/FieldIcon';
import { TextField } from '../TextField/TextField';

export interface LoginFormValues {
  username: string;
  password: string;
}

export interface LoginFormProps {
  /** Pre-filled username (e.g. the e-mail typed on the Jamf screen). */
  initialUsername?: string;
  /** Shows 'Forgot your password?' (GET /um/passwordRecovery/enabled); its place is kept while the answer is awaited. */
  passwordRecoveryEnabled: boolean;
  /** Signs in; answers the error text to show, or nothing on success. */
  onSubmit(values: LoginFormValues): Promise<string | undefined>;
  /** Opens the lost-password step. */
  onForgotPassword(): void;
  /** Starts the vendor IdP with a valid e-mail; answers an error text when it cannot. */
  onJamf(email: string): Promise<string | undefined>;
  /** Starts the Google redirect; answers an error text when it cannot. */
  onGoogle(): Promise<string | undefined>;
  /** Signs in with a passkey (shown only where the browser has passkeys); answers an error text when it cannot. */
  onPasskey?: () => Promise<string | undefined>;
  /** Opens the okta-client-issuer step. */
  onOkta(): void;
  /** An error carried in from elsewhere (callback failure, failed second factor). */
  initialError?: { title?: string | null; message?: string | null } | null;
  /**
   * The copy the document carries before the page's code runs (prerender/): every button is
   * disabled, so nothing is submitted or started until the live form replaces the copy.
   */
  beforeStart?: boolean;
}

/** While the link is not offered its line keeps its height: nothing below it moves when the answer comes. */
const RESERVED = { visibility: 'hidden' } as const;
const VALIDATORS = { username: validateUsername, password: validatePassword };

/** The login step: username, password, Login, provider buttons separated by OR. */
export function LoginForm({
  initialUsername,
  passwordRecoveryEnabled,
  onSubmit,
  onForgotPassword,
  onJamf,
  onGoogle,
  onOkta,
  onPasskey,
  initialError,
  beforeStart = false,
}: LoginFormProps) {
  const [jamfError, setJamfError] = useState<string | null>(null);
  // The username the Jamf error was about: typing something else clears it.
  const [jamfFor, setJamfFor] = useState<string | null>(null);
  const [providerError, setProviderError] = useState<string | null>(null);
  const [pending, setPending] = useState<'jamf' | 'google' | 'passkey' | null>(null);
  // What was typed into the document's copy of this form wins over the pre-fill.
  const [initialValues] = useState<LoginFormValues>(() => {
    const typed = beforeStart ? undefined : typedBeforeStart();
    return { username: typed?.username || (initialUsername ?? ''), password: typed?.password ?? '' };
  });
  const usernameInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!beforeStart) finishTakeOver({ username: usernameInput.current, password: passwordInput.current });
  }, [beforeStart]);
  const form = useCredentialsForm<LoginFormValues>({
    initialValues,
    validators: VALIDATORS,
    onSubmit: (values) => {
      setProviderError(null);
      return onSubmit(values);
    },
  });

  const runProvider = async (which: 'jamf' | 'google' | 'passkey', start: () => Promise<string | undefined>) => {
    setProviderError(null);
    setPending(which);
    try {
      const error = await start();
      if (error) setProviderError(error);
    } finally {
      setPending(null);
    }
  };

  const shownError = form.submitError || providerError;
  const busy = beforeStart || form.submitting || pending !== null;
  const usernameError =
    (jamfError && form.values.username === jamfFor ? jamfError : null) || form.fieldError('username');
  return (
    <form onSubmit={(event) => void form.handleSubmit(event)} noValidate aria-label="Login">
      {shownError ? <ErrorCallout message={shownError} /> : <ErrorCallout {...initialError} />}
      <TextField
        idPrefix="login"
        label="Username"
        // "webauthn": the browser may offer the site's passkeys among the suggestions (conditional UI).
        autoComplete="username webauthn"
        autoFocus
        leftIcon={<FieldIcon icon="user" />}
        inputRef={usernameInput}
        {...form.field('username')}
        error={usernameError}
      />
      <TextField
        idPrefix="login"
        label="Password"
        type="password"
        autoComplete="current-password"
        leftIcon={<FieldIcon icon="lock" />}
        inputRef={passwordInput}
        {...form.field('password')}
        error={form.fieldError('password')}
      />
      <p
        className="login-links"
        style={passwordRecoveryEnabled ? undefined : RESERVED}
        aria-hidden={passwordRecoveryEnabled ? undefined : true}
      >
        <ActionLink onClick={onForgotPassword} disabled={busy || !passwordRecoveryEnabled}>
          {LoginTexts.forgotPassword}
        </ActionLink>
      </p>
      <Button type="submit" intent={Intent.PRIMARY} fill loading={form.submitting} disabled={busy} text="Login" />
      <OrSeparator />
      <div className="login-providers">
        <Button
          fill
          variant="outlined"
          loading={pending === 'jamf'}
          disabled={busy}
          text="Sign in with Jamf"
          onClick={() => {
            const username = form.latest.current.username;
            if (!isEmail(username)) {
              setJamfFor(username);
              setJamfError(LoginTexts.emailInvalid);
              return;
            }
            setJamfError(null);
            void runProvider('jamf', () => onJamf(username.trim()));
          }}
        />
        <Button
          fill
          variant="outlined"
          loading={pending === 'google'}
          disabled={busy}
          text="Sign in with Google"
          onClick={() => void runProvider('google', onGoogle)}
        />
        <Button fill variant="outlined" disabled={busy} text="Sign in with Okta" onClick={onOkta} />
        {onPasskey ? (
          <Button
            fill
            variant="outlined"
            loading={pending === 'passkey'}
            disabled={busy}
            text="Sign in with a passkey"
            onClick={() => void runProvider('passkey', onPasskey)}
          />
        ) : null}
      </div>
    </form>
  );
}
