import type { MouseEvent, ReactNode } from 'react';

import { NavigationServiceToken } from '@core/navigation/NavigationService';
import { useService } from '@core/react/useService';

/** AdminLinkProps: `to` is an in-app path (may carry a query string). */
export interface AdminLinkProps {
  to: string;
  children: ReactNode;
  className?: string;
}

/** A real link (open in a new tab works, URLs are bookmarkable) that navigates in-app on a plain click. */
export function AdminLink({ to, children, className }: AdminLinkProps) {
  const nav = useService(NavigationServiceToken);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    nav.navigate(to);
  };
  return (
    <a href={to} onClick={onClick} className={className}>
      {children}
    </a>
  );
}
