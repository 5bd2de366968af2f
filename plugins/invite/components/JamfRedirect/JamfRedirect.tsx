import { Button, Callout, Classes, Intent, Navbar, NavbarGroup, NavbarHeading, Spinner } from '@blueprintjs/core';

import { InviteTexts } from '../../logic/texts';

export interface JamfRedirectProps {
  /** The look-up failed: the message, and a way to try again. */
  error: string | null;
  onRetry(): void;
}

/** The vendor IdP's own layout (spec §2): a header, and the page only redirects. */
export function JamfRedirect({ error, onRetry }: JamfRedirectProps) {
  return (
    <div className="invite-jamf">
      <Navbar>
        <NavbarGroup>
          <NavbarHeading>{InviteTexts.jamfTitle}</NavbarHeading>
        </NavbarGroup>
      </Navbar>
      <div className="invite-jamf-body">
        {error ? (
          <>
            <Callout intent={Intent.DANGER} role="alert" className="invite-callout">
              {error}
            </Callout>
            <Button text="Try again" onClick={onRetry} />
          </>
        ) : (
          <div className="invite-waiting">
            <Spinner size={20} aria-label="Redirecting" />
            <span className={Classes.TEXT_MUTED}>{InviteTexts.jamfRedirecting}</span>
          </div>
        )}
      </div>
    </div>
  );
}
