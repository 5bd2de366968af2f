import type { MouseEvent, ReactNode } from 'react';
import { NavigationServiceToken } from '@core/navigation/NavigationService';
import { useService } from '@core/react/useService';

/** An in-app link (opens in a new tab with a modifier; a plain click stays in the page). */
export function MonitoringLink({ to, children, label }: { to: string; children: ReactNode; label?: string }) {
  const navigation = useService(NavigationServiceToken);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    navigation.navigate(to);
  };
  return (
    <a href={to} onClick={follow} {...(label ? { 'aria-label': label } : {})}>
      {children}
    </a>
  );
}
