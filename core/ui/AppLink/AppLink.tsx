import type { MouseEvent, ReactNode } from 'react';

import { NavigationServiceToken } from '../../navigation/NavigationService';
import { useService } from '../../react/useService';

/** AppLinkProps: where the link goes and what it says. */
export interface AppLinkProps {
  /** An in-app path, e.g. `/devices/{id}`; another plugin's pages are reached by their address, never by importing them. */
  to: string;
  /** The link's text or content. */
  children: ReactNode;
  /** An accessible name, when the visible text alone does not say where the link goes. */
  label?: string;
}

/**
 * An in-app link: a real address the browser can open in a new tab (a modified or middle click
 * is left to it); a plain click navigates inside the console without reloading.
 */
export function AppLink({ to, children, label }: AppLinkProps) {
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
