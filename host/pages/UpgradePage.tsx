import { Button, NonIdealState } from '@blueprintjs/core';
import { LockIcon } from '@blueprintjs/icons';
import { useLocation } from 'wouter';

/** `/upgrade/{product}`: the product exists but this account's token does not enable it. */
export default function UpgradePage({ productName }: { productName: string }) {
  const [, navigate] = useLocation();
  return (
    <NonIdealState
      className="host-upgrade"
      icon={<LockIcon size={48} />}
      title={`${productName} is not enabled`}
      description={`Your account does not include ${productName}. Contact your account administrator to enable it.`}
      action={<Button text="Back to the console" onClick={() => navigate('/')} />}
    />
  );
}
