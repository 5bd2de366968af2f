import { NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useRef } from 'react';

import { CaptchaServiceToken } from '@core/captcha/CaptchaService';
import { NavigationServiceToken } from '@core/navigation/NavigationService';
import type { PageProps } from '@core/plugin/PluginManifest';
import { useService } from '@core/react';
import { SessionServiceToken } from '@core/session/SessionService';
import { StorageServiceToken } from '@core/storage/StorageService';

import { CallbackApiToken } from '../api/CallbackApi';
import { handleJamfCallback } from '../flows/handleJamfCallback';
import { handleOAuthCallback } from '../flows/handleOAuthCallback';
import { handleRevalidateCallback } from '../flows/handleRevalidateCallback';
import { handOffToOpener } from '../flows/handOffToOpener';
import { resolveCallback } from '../logic/resolveCallback';

/** `/login/callback` and `/r`: resolves the identity provider's answer, then leaves. */
export default function CallbackPage(_props: PageProps) {
  const api = useService(CallbackApiToken);
  const session = useService(SessionServiceToken);
  const storage = useService(StorageServiceToken);
  const nav = useService(NavigationServiceToken);
  const captcha = useService(CaptchaServiceToken);
  // The code is single use: run once even under StrictMode's double effects.
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const action = resolveCallback(nav.search());
    switch (action.kind) {
      case 'login':
        nav.navigate(action.to, { replace: true });
        break;
      case 'popupError':
        if (!handOffToOpener({ error: action.description, state: action.rawState }))
          nav.navigate(action.to, { replace: true });
        break;
      case 'jamf':
        void handleJamfCallback({ api, session, storage, nav, captcha }, action.code, action.rawState, action.state);
        break;
      case 'oauth':
        // Inside the Google popup the opener finishes the sign-in (plugins/login/README.md).
        if (action.state.popup && handOffToOpener({ code: action.code, state: action.rawState })) break;
        handleOAuthCallback(nav, action.code, action.rawState, action.state);
        break;
      case 'invite':
        handleOAuthCallback(nav, action.code, action.rawState, action.state);
        break;
      case 'revalidate':
        handleRevalidateCallback(nav, action.code, action.rawState, action.state);
        break;
    }
  }, [api, session, storage, nav, captcha]);

  return <NonIdealState icon={<Spinner />} title="Signing you in…" />;
}
