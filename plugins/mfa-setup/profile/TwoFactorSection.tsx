import { Button, Classes, Intent, Tag } from '@blueprintjs/core';

import { NavigationServiceToken } from '@core/navigation/NavigationService';
import { useObservable } from '@core/react/useObservable';
import { useService } from '@core/react/useService';
import { SessionServiceToken } from '@core/session/SessionService';

export interface TwoFactorSectionProps {
  /** Closes the profile menu (the section is rendered inside it). */
  close(): void;
}

/**
 * Profile-menu entry for two-factor authentication: without it /config/2fa could only be
 * reached by typing the address. Shows whether it is on and leads to the set-up page.
 */
export function TwoFactorSection({ close }: TwoFactorSectionProps) {
  const session = useService(SessionServiceToken);
  const navigation = useService(NavigationServiceToken);
  const profile = useObservable(session.profile$, session.profile());
  const enabled = profile?.totpEnabled === true;
  return (
    <div style={{ padding: 8 }} data-testid="two-factor-section">
      <p>
        Two-factor authentication{' '}
        <Tag intent={enabled ? Intent.SUCCESS : Intent.NONE} minimal>
          {enabled ? 'On' : 'Off'}
        </Tag>
      </p>
      <p className={Classes.TEXT_MUTED}>A six-digit code from an authenticator app is asked for after your password.</p>
      <Button
        intent={Intent.PRIMARY}
        text={enabled ? 'Manage two-factor authentication' : 'Set up two-factor authentication'}
        onClick={() => {
          close();
          navigation.navigate('/config/2fa');
        }}
      />
    </div>
  );
}

export default TwoFactorSection;
