import { useEffect } from 'react';

import { NavigationServiceToken } from '@core/navigation/NavigationService';
import type { PageProps } from '@core/plugin/PluginManifest';
import { useService } from '@core/react';

import { welcomeGuard } from '../logic/introGuard';

/** The route guard already redirects; this covers a host that renders the page anyway. */
export default function WelcomePage(_props: PageProps) {
  const nav = useService(NavigationServiceToken);
  useEffect(() => nav.navigate(welcomeGuard({ search: nav.search() }), { replace: true }), [nav]);
  return null;
}
