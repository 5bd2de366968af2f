import { Button, Classes, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { LogIn } from '@blueprintjs/icons';
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
      {provider === 'okta' ? (
        <div className="invite-or" role="separator" aria-label={InviteTexts.or}>
          <span className={Classes.TEXT_MUTED}>{InviteTexts.or}</span>
        </div>
      ) : null}
      <Button fill intent={Intent.PRIMARY} icon={<LogIn />} loading={busy} text={provider === 'okta' ? InviteTexts.okta : InviteTexts.google} onClick={onStart} />
    </div>
  );
}
