import { Link } from '@blueprintjs/core';
import type { ReactNode } from 'react';

export interface ActionLinkProps {
  /** What the link does (switch step, start a provider...). */
  onClick(): void;
  /** Link text. */
  children: ReactNode;
  /** Greyed out and inert while something is loading. */
  disabled?: boolean;
}

/** An in-page link (it changes the step, it does not navigate). */
export function ActionLink({ onClick, children, disabled }: ActionLinkProps) {
  return (
    <Link
      href="#"
      role="button"
      aria-disabled={disabled || undefined}
      underline="hover"
      onClick={(event) => {
        event.preventDefault();
        if (!disabled) onClick();
      }}
    >
      {children}
    </Link>
  );
}
