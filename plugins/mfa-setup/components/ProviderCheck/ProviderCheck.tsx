import { Button, Callout, Intent } from '@blueprintjs/core';
import { useState } from 'react';

export interface ProviderCheckProps {
  /** Provider label, e.g. 'Okta'. */
  label: string;
  /** Leaves for the provider; answers an error text when it cannot. */
  onVerify(): Promise<string | undefined>;
}

/** The alternative to the password for SSO accounts: confirm at the provider signed in with. */
export function ProviderCheck({ label, onVerify }: ProviderCheckProps) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="mfa-provider-check" role="group" aria-label={`Verify with ${label}`}>
      <p>Confirm it is you at {label}, where you signed in.</p>
      {error && (
        <Callout intent={Intent.DANGER} role="alert" className="mfa-notice">
          {error}
        </Callout>
      )}
      <Button
        fill
        variant="outlined"
        text={`Verify with ${label}`}
        loading={pending}
        onClick={async () => {
          setPending(true);
          setError(null);
          const failure = await onVerify();
          // On success the browser is leaving for the provider: keep the spinner.
          if (failure) {
            setError(failure);
            setPending(false);
          }
        }}
      />
      <p className="mfa-or">or with your console password</p>
    </div>
  );
}
