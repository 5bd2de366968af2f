import { NonIdealState, Spinner } from '@blueprintjs/core';
import { HttpServiceToken } from '@core/http/HttpService';
import { NavigationServiceToken } from '@core/navigation/NavigationService';
import type { PageProps } from '@core/plugin/PluginManifest';
import { useService } from '@core/react';
import { SessionServiceToken } from '@core/session/SessionService';
import { useEffect, useRef } from 'react';
import { getRefreshWithToken } from '../api/getRefreshWithToken';
import { parseIntroQuery, resolveIntroTarget } from '../logic/resolveIntroTarget';

const INVALID_LINK = `/login?${new URLSearchParams({ error: 'Access Denied', error_description: 'This link is invalid or has expired.' })}`;

/** Root intro screen: stores the token of the link, then opens the product, device or incident. */
export default function IntroPage(_props: PageProps) {
  const http = useService(HttpServiceToken);
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
    void getRefreshWithToken(http, query.token)
      .then((result) => {
        session.signIn(result);
        nav.navigate(resolveIntroTarget(query), { replace: true });
      })
      .catch(() => nav.navigate(INVALID_LINK, { replace: true }));
  }, [http, session, nav]);

  return <NonIdealState icon={<Spinner />} title="Opening…" />;
}
