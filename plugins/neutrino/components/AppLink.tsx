import type { MouseEvent, ReactNode } from 'react';
import { NavigationServiceToken } from '@core/navigation/NavigationService';
import { useService } from '@core/react/useService';

/** An in-app address the browser can open in a new tab; a plain click stays in the console. */
export function AppLink({ to, children }: { to: string; children: ReactNode }) {
  const navigation = useService(NavigationServiceToken);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    navigation.navigate(to);
  };
  return (
    <a href={to} onClick={follow}>
      {children}
    </a>
  );
}

/** A device's name: a link to gluon's device page for users who may open it, text otherwise (spec: neutrino sees devices through hunts). */
export function DeviceName({ id, name, canOpen }: { id: string; name: string; canOpen: boolean }) {
  return canOpen ? <AppLink to={`/devices/${encodeURIComponent(id)}`}>{name}</AppLink> : <span>{name}</span>;
}
