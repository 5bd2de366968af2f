import './OrSeparator.css';

import { Classes as BlueprintClasses } from '@blueprintjs/core';

import { Classes } from '../common/classes';

export interface OrSeparatorProps {
  /** Word between the two rules; 'OR' by default. */
  label?: string;
}

/** The "OR" rule between two ways of signing in (the password form and the identity providers). */
export function OrSeparator({ label = 'OR' }: OrSeparatorProps) {
  return (
    <div className={Classes.OR_SEPARATOR} role="separator" aria-label={label}>
      <span className={BlueprintClasses.TEXT_MUTED}>{label}</span>
    </div>
  );
}
