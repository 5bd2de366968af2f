import { Classes } from '@blueprintjs/core';

import { InviteTexts } from '../../logic/texts';

/** The two steps of the invite wizard; the current one is marked. */
export function WizardSteps({ current }: { current: 1 | 2 }) {
  const steps = [InviteTexts.stepFirstLogin, InviteTexts.stepActivate];
  return (
    <ol className="invite-steps" aria-label="Steps">
      {steps.map((label, index) => {
        const active = index + 1 === current;
        return (
          <li
            key={label}
            className={active ? 'invite-step invite-step-current' : `invite-step ${Classes.TEXT_MUTED}`}
            aria-current={active ? 'step' : undefined}
          >
            <span className="invite-step-number">{index + 1}</span>
            {label}
          </li>
        );
      })}
    </ol>
  );
}
