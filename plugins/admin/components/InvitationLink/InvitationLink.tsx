import { Button, Callout, Classes } from '@blueprintjs/core';
import { useState } from 'react';

import { useDateTimeFormatter } from '@core/locale/useDateTimeFormatter';

import type { InvitationAnswer } from '../../api/AdminApi';

/** InvitationLinkProps: the API's answer to an invitation (new or resent). */
export interface InvitationLinkProps {
  invitation: InvitationAnswer;
}

/** The link shown once after inviting: it was mailed too, and tenants without mail pass it on by hand. */
export function InvitationLink({ invitation }: InvitationLinkProps) {
  const format = useDateTimeFormatter();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(invitation.invitationUrl);
    setCopied(true);
  };
  return (
    <Callout intent="success" title={`Invitation sent to ${invitation.user.email}`} className="admin-section">
      <p>The link was mailed. It works once, until {format(invitation.invitationExpiresAt)}:</p>
      <p className="admin-link-box">
        <code data-testid="invitation-url">{invitation.invitationUrl}</code>
      </p>
      <Button size="small" text={copied ? 'Copied' : 'Copy link'} onClick={() => void copy()} />
      <span className={Classes.TEXT_MUTED}>
        {' '}
        Anyone with the link can accept the invitation: share it only with {invitation.user.email}.
      </span>
    </Callout>
  );
}
