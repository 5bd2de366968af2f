import { Button, Classes, Intent } from '@blueprintjs/core';
import { Envelope } from '@blueprintjs/icons';
import { useEffect, useRef, useState } from 'react';
import { Form } from 'react-final-form';

import { FormTextField } from '@core/ui/FormTextField/FormTextField';

import { LoginTexts } from '../../logic/texts';
import { validateJamfEmail } from '../../logic/validators';
import { ActionLink } from '../ActionLink/ActionLink';

/** Spec §9: the Login button comes back after 10 s if the browser never left. */
export const JAMF_LOADING_RESET_MS = 10_000;

export const JAMF_CREATE_ACCOUNT_URL = 'https://account.jamf.com/create-account';
export const JAMF_HELP_URL = 'https://support.jamf.com/';

/** What starting the vendor sign-in led to. */
export type JamfOutcome = 'redirecting' | 'regular-flow';

export interface JamfLoginProps {
  /** Pre-filled e-mail. */
  initialEmail?: string;
  /** Looks the e-mail domain up and redirects, or answers 'regular-flow' when the domain has no vendor IdP. */
  onLogin(email: string): Promise<JamfOutcome>;
  /** The "regular-flow" event: switch to the username/password form (with the e-mail typed so far). */
  onRegularFlow(email: string): void;
  /** Override of the 10 s loading reset (tests). */
  loadingResetMs?: number;
}

/** The Jamf login screen: e-mail, Login, create account and get help. */
export function JamfLogin({
  initialEmail,
  onLogin,
  onRegularFlow,
  loadingResetMs = JAMF_LOADING_RESET_MS,
}: JamfLoginProps) {
  const [loading, setLoading] = useState(false);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(resetTimer.current), []);

  const submit = async ({ email }: { email: string }) => {
    setLoading(true);
    clearTimeout(resetTimer.current);
    resetTimer.current = setTimeout(() => setLoading(false), loadingResetMs);
    const outcome = await onLogin(email.trim());
    if (outcome === 'regular-flow') {
      clearTimeout(resetTimer.current);
      setLoading(false);
      onRegularFlow(email.trim());
    }
  };

  return (
    <Form<{ email: string }>
      onSubmit={submit}
      initialValues={{ email: initialEmail ?? '' }}
      subscription={{ values: true }}
      render={({ handleSubmit, values }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Jamf login">
          <p>Sign in with your Jamf ID.</p>
          <FormTextField
            idPrefix="login"
            name="email"
            label="Email"
            type="email"
            validate={validateJamfEmail}
            autoComplete="email"
            inputMode="email"
            autoFocus
            leftIcon={<Envelope />}
            disabled={loading}
          />
          <Button
            type="submit"
            intent={Intent.PRIMARY}
            fill
            loading={loading}
            disabled={loading || !values.email?.trim()}
            text="Login"
          />
          <p className={`login-links ${Classes.TEXT_SMALL}`}>
            <a href={JAMF_CREATE_ACCOUNT_URL} target="_blank" rel="noopener noreferrer">
              Create an account
            </a>
            <a href={JAMF_HELP_URL} target="_blank" rel="noopener noreferrer">
              Get help
            </a>
          </p>
          <p className="login-links">
            <ActionLink onClick={() => onRegularFlow(values.email?.trim() ?? '')}>
              {LoginTexts.returnToLogin}
            </ActionLink>
          </p>
        </form>
      )}
    />
  );
}
