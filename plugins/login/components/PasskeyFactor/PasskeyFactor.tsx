import { Button, Intent } from '@blueprintjs/core';
import { useState } from 'react';

import { LoginTexts } from '../../logic/texts';
import { ActionLink } from '../ActionLink/ActionLink';
import { ErrorCallout } from '../ErrorCallout/ErrorCallout';

export interface PasskeyFactorProps {
  /** The browser's passkey dialog and the API's check; answers the error to show, or nothing. */
  onUsePasskey(): Promise<string | undefined>;
  /** Only a passkey is accepted (the tenant requires one): the button is the step's main action. */
  only?: boolean;
}

export const USE_PASSKEY = 'Use a passkey';

/** "Use a passkey" on the two-auth step: the passkey answers instead of the six-digit code. */
export function PasskeyFactor({ onUsePasskey, only = false }: PasskeyFactorProps) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setError(null);
    setPending(true);
    try {
      setError((await onUsePasskey()) ?? null);
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="login-passkey-factor">
      {only ? <p>Your organization requires a passkey: confirm the sign-in with yours.</p> : null}
      <Button
        fill
        intent={only ? Intent.PRIMARY : Intent.NONE}
        variant={only ? 'solid' : 'outlined'}
        loading={pending}
        text={USE_PASSKEY}
        onClick={() => void run()}
      />
      <ErrorCallout message={error} />
    </div>
  );
}

export interface PasskeyOnlyStepProps extends Pick<PasskeyFactorProps, 'onUsePasskey'> {
  onUseRecoveryCode(): void;
  onReturn(): void;
}

/** The two-auth step when only a passkey is accepted: the passkey, a recovery code, or back. */
export function PasskeyOnlyStep({ onUsePasskey, onUseRecoveryCode, onReturn }: PasskeyOnlyStepProps) {
  return (
    <div role="group" aria-label="Two-factor authentication">
      <PasskeyFactor onUsePasskey={onUsePasskey} only />
      <p className="login-links">
        <ActionLink onClick={onUseRecoveryCode}>Use a recovery code</ActionLink>
        <ActionLink onClick={onReturn}>{LoginTexts.returnToLogin}</ActionLink>
      </p>
    </div>
  );
}
