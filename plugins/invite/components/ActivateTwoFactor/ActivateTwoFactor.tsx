import { Button, Classes, H2, Intent } from '@blueprintjs/core';
import { Shield } from '@blueprintjs/icons';

import { InviteTexts } from '../../logic/texts';

export interface ActivateTwoFactorProps {
  onActivate(): void;
  onSkip(): void;
}

/** Step 2 'Activate 2FA': set-up page or dashboard. */
export function ActivateTwoFactor({ onActivate, onSkip }: ActivateTwoFactorProps) {
  return (
    <section aria-label={InviteTexts.stepActivate} className="invite-activate">
      <H2 className={`invite-subtitle ${Classes.HEADING}`}>{InviteTexts.stepActivate}</H2>
      <p className={Classes.TEXT_MUTED}>{InviteTexts.activateIntro}</p>
      <Button fill intent={Intent.PRIMARY} icon={<Shield />} text={InviteTexts.activate} onClick={onActivate} />
      <Button fill variant="minimal" text={InviteTexts.skip} onClick={onSkip} />
    </section>
  );
}
