import { useMemo } from 'react';
import type { DependencyContainer } from 'tsyringe';
import { Router } from 'wouter';

import {
  createNavigationLocationHook,
  createNavigationSearchHook,
  type NavigationService,
  NavigationServiceToken,
} from '@core/navigation';
import { ServicesProvider } from '@core/react';

import { type HostChromeProps, HostShell } from './HostShell';

export interface HostAppProps extends HostChromeProps {
  /** A container with the core services and the plugin registry registered. */
  container: DependencyContainer;
}

/** The whole console: services, a wouter router driven by the NavigationService, the shell. */
export function HostApp({ container, ...chrome }: HostAppProps) {
  const hooks = useMemo(() => {
    const navigation = container.resolve<NavigationService>(NavigationServiceToken);
    return { hook: createNavigationLocationHook(navigation), searchHook: createNavigationSearchHook(navigation) };
  }, [container]);
  return (
    <ServicesProvider container={container}>
      <Router hook={hooks.hook} searchHook={hooks.searchHook}>
        <HostShell {...chrome} />
      </Router>
    </ServicesProvider>
  );
}
