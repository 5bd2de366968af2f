import { Link } from '@blueprintjs/core';
import type { ReactNode } from 'react';

export interface ActionLinkProps {
  onClick(): void;
  children: ReactNode;
  disabled?: boolean;
}

/** A link that switches the step in place (no navigation). */
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
