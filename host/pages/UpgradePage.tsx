import { Button, NonIdealState } from '@blueprintjs/core';
import { LockIcon } from '@blueprintjs/icons';
import { useState } from 'react';
import { useLocation } from 'wouter';

import { useService } from '@core/react/useService';
import { SessionServiceToken } from '@core/session/SessionService';

/** What `/upgrade/{product}` needs from the host. */
export interface UpgradePageProps {
  /** The product's display name ('Neutrino'). */
  productName: string;
}

/**
 * `/upgrade/{product}`: the product exists but this account's token does not enable it.
 * 'Check again' refreshes the token (an administrator may just have granted the product): the
 * host re-decides the route on the new token and opens the product when it is enabled (spec §2's
 * "token refresh with redirect"); otherwise the page says it is still not enabled.
 */
export default function UpgradePage({ productName }: UpgradePageProps) {
  const [, navigate] = useLocation();
  const session = useService(SessionServiceToken);
  const [checking, setChecking] = useState(false);
  const [checked, setChecked] = useState(false);
  const checkAgain = async () => {
    setChecking(true);
    try {
      await session.refresh();
    } finally {
      setChecking(false);
      setChecked(true);
    }
  };
  return (
    <NonIdealState
      className="host-upgrade"
      icon={<LockIcon size={48} />}
      title={`${productName} is not enabled`}
      description={
        checked
          ? `Your account still does not include ${productName}. Contact your account administrator to enable it.`
          : `Your account does not include ${productName}. Contact your account administrator to enable it.`
      }
      action={
        <>
          <Button text="Check again" loading={checking} onClick={() => void checkAgain()} />
          <Button text="Back to the console" onClick={() => navigate('/')} />
        </>
      }
    />
  );
}
