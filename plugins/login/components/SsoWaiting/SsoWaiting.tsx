import { FormGroup, InputGroup, Spinner, SpinnerSize } from '@blueprintjs/core';

import { LoginTexts } from '../../logic/texts';
import { ActionLink } from '../ActionLink/ActionLink';

export interface SsoWaitingProps {
  /** Provider label, e.g. 'Okta'. */
  provider: string;
  /** The Okta domain in use, shown disabled; omitted for Google. */
  domain?: string | null;
  /** Back to the login step. */
  onReturn(): void;
}

/** The okta-waiting step: the domain shown disabled while the sign-in completes. */
export function SsoWaiting({ provider, domain, onReturn }: SsoWaitingProps) {
  return (
    <div aria-label={`${provider} sign-in`} role="group">
      {domain && (
        <FormGroup label={`${provider} domain`} labelFor="login-sso-domain">
          <InputGroup id="login-sso-domain" value={domain} disabled readOnly />
        </FormGroup>
      )}
      <div className="login-waiting" role="status">
        <Spinner size={SpinnerSize.SMALL} />
        <span>Logging you in with {provider}…</span>
      </div>
      <p className="login-links">
        <ActionLink onClick={onReturn}>{LoginTexts.returnToLogin}</ActionLink>
      </p>
    </div>
  );
}
