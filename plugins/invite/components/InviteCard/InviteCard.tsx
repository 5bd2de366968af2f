import { Classes, H1 } from '@blueprintjs/core';
import type { ReactNode } from 'react';

import { PublicPage } from '@core/ui/PublicPage/PublicPage';

import { InviteTexts } from '../../logic/texts';
import { WizardSteps } from '../WizardSteps/WizardSteps';

export interface InviteCardProps {
  step: 1 | 2;
  /** Under 'Welcome' on step 1: 'Enter your details below' or 'Logging you in'. */
  subtitle?: string;
  children: ReactNode;
}

/** The card of the invite wizard: steps, 'Welcome', the step's body. */
export function InviteCard({ step, subtitle, children }: InviteCardProps) {
  return (
    <PublicPage width={420}>
      <WizardSteps current={step} />
      {step === 1 ? (
        <>
          <H1 className={`invite-title ${Classes.HEADING}`}>{InviteTexts.welcome}</H1>
          {subtitle ? <p className={Classes.TEXT_MUTED}>{subtitle}</p> : null}
        </>
      ) : null}
      {children}
    </PublicPage>
  );
}
