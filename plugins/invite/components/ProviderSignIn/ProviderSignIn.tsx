import { Button, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { LogIn } from '@blueprintjs/icons';

import { OrSeparator } from '@core/ui/OrSeparator/OrSeparator';

import { InviteTexts } from '../../logic/texts';

export interface ProviderSignInProps {
  provider: 'google' | 'okta';
  /** The invited address, shown read-only: the provider account must have it. */
  email: string;
  busy: boolean;
  onStart(): void;
}

/** Step 1 with Google or Okta: the invited address and the provider's button (Okta after an OR rule). */
export function ProviderSignIn({ provider, email, busy, onStart }: ProviderSignInProps) {
  return (
    <div className="invite-provider">
      <FormGroup label={InviteTexts.email} labelFor="invite-provider-email">
        <InputGroup id="invite-provider-email" type="email" value={email} readOnly />
      </FormGroup>
      {provider === 'okta' ? <OrSeparator label={InviteTexts.or} /> : null}
      <Button
        fill
        intent={Intent.PRIMARY}
        icon={<LogIn />}
        loading={busy}
        text={provider === 'okta' ? InviteTexts.okta : InviteTexts.google}
        onClick={onStart}
      />
    </div>
  );
}
