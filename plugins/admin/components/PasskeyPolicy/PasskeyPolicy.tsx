import { Callout, Classes, H4, Spinner, Switch } from '@blueprintjs/core';

import { useSignInPolicy } from '../../hooks/useSignInPolicy';

export const REQUIRE_PASSKEY_LABEL = 'Require a phishing-resistant method (passkey)';

/** The sign-in settings' switch requiring a passkey of every user of the tenant. */
export function PasskeyPolicy({ canWrite }: { canWrite: boolean }) {
  const { policy, action, setRequirePasskey } = useSignInPolicy();
  const required = policy.data?.requirePhishingResistant ?? false;
  return (
    <section className="admin-section" aria-label="Passkeys">
      <H4>Passkeys</H4>
      {policy.loading && policy.data === undefined && <Spinner size={20} />}
      {policy.error && <Callout intent="danger">{policy.error}</Callout>}
      {policy.data !== undefined && (
        <Switch
          checked={required}
          disabled={!canWrite || action.busy}
          label={REQUIRE_PASSKEY_LABEL}
          onChange={(event) => void setRequirePasskey(event.currentTarget.checked)}
        />
      )}
      {action.error && (
        <Callout intent="danger" role="alert">
          {action.error}
        </Callout>
      )}
      <p className={Classes.TEXT_MUTED}>
        When on, a user with a passkey must use it (a password and an authenticator code no longer suffice); a user
        without one is asked to add one right after signing in. Recovery codes keep working.
      </p>
    </section>
  );
}
