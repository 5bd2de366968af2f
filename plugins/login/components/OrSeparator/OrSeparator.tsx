import { Classes } from '@blueprintjs/core';

export interface OrSeparatorProps {
  /** Word between the two rules; 'OR' by default. */
  label?: string;
}

/** The "OR" rule between the password form and the identity-provider buttons. */
export function OrSeparator({ label = 'OR' }: OrSeparatorProps) {
  return (
    <div className="login-or" role="separator" aria-label={label}>
      <span className={Classes.TEXT_MUTED}>{label}</span>
    </div>
  );
}
