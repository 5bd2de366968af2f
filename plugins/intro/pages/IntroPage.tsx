import { NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useRef } from 'react';

import { NavigationServiceToken } from '@core/navigation/NavigationService';
import type { PageProps } from '@core/plugin/PluginManifest';
import { useService } from '@core/react';
import { SessionServiceToken } from '@core/session/SessionService';

import { parseIntroQuery, resolveIntroTarget } from '../logic/resolveIntroTarget';

const INVALID_LINK = `/login?${new URLSearchParams({ error: 'Access Denied', error_description: 'This link is invalid or has expired.' })}`;

/**
 * Root intro screen: the session exchanges the link's token for a session, then the page opens
 * the product, device or incident (a sign-in that still needs its second factor goes to /login).
 */
export default function IntroPage(_props: PageProps) {
  const session = useService(SessionServiceToken);
  const nav = useService(NavigationServiceToken);
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const query = parseIntroQuery(nav.search());
    if (!query.token) {
      nav.navigate('/login', { replace: true });
      return;
    }
    void session
      .adoptLinkToken(query.token)
      .then((outcome) =>
        nav.navigate(outcome.kind === 'signed-in' ? resolveIntroTarget(query) : '/login', { replace: true }),
      )
      .catch(() => nav.navigate(INVALID_LINK, { replace: true }));
  }, [session, nav]);

  return <NonIdealState icon={<Spinner />} title="Opening…" />;
}
