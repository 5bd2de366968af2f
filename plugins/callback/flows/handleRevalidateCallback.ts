import { stashOAuthCallback } from '@core/auth/oauthHandoff';
import { OAuthSessionKeys } from '@core/auth/oauthRequest';
import type { OAuthState } from '@core/auth/oauthState';
import { constantTimeEqual } from '@core/auth/pkce';
import type { NavigationService } from '@core/navigation/NavigationService';

/** The two addresses of the two-factor set-up page (plugins/mfa-setup); nothing else is trusted. */
const MFA_PATHS = ['/config/2fa', '/gluon/config/2fa'];

/**
 * A provider answer to a re-validation started on /config/2fa: parks `{ code, state }` and goes
 * back there with `revalidate=2fa`; the set-up page checks state and PKCE and asks the API for a
 * recovery token. A state this browser did not issue goes back without an answer.
 */
export function handleRevalidateCallback(
  nav: NavigationService,
  code: string,
  rawState: string,
  state: OAuthState,
  storage: Storage = window.sessionStorage,
): void {
  const path = state.returnPath && MFA_PATHS.includes(state.returnPath) ? state.returnPath : MFA_PATHS[0]!;
  const stored = storage.getItem(OAuthSessionKeys.state);
  if (stored && constantTimeEqual(stored, state.random)) stashOAuthCallback({ code, state: rawState }, storage);
  nav.navigate(`${path}?revalidate=2fa`, { replace: true });
}
