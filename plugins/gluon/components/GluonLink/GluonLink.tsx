import type { MouseEvent, ReactNode } from 'react';
import { NavigationServiceToken } from '@core/navigation/NavigationService';
import { useService } from '@core/react/useService';

/** GluonLinkProps: `to` is an in-app path (device or incident page). */
export interface GluonLinkProps {
  to: string;
  children: ReactNode;
}

/** An address the browser can open in a new tab; a plain click stays in the page. */
export function GluonLink({ to, children }: GluonLinkProps) {
  const navigation = useService(NavigationServiceToken);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
    if (modified || event.button !== 0) return;
    event.preventDefault();
    navigation.navigate(to);
  };
  return (
    <a href={to} onClick={follow}>
      {children}
    </a>
  );
}
