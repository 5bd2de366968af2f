import { invitePaths } from '@common/invite/paths';
import { stashOAuthCallback } from '@core/auth/oauthHandoff';
import { OAuthSessionKeys } from '@core/auth/oauthRequest';
import type { OAuthState } from '@core/auth/oauthState';
import { constantTimeEqual } from '@core/auth/pkce';
import type { NavigationService } from '@core/navigation/NavigationService';

import { ACCESS_DENIED, loginWithError } from '../logic/resolveCallback';

/**
 * Generic handler (Google, Okta). The login page owns the rest of the sign-in (okta-waiting,
 * and two-auth when the account has a second factor) — or the invite page, for an invitation
 * activated with the provider — so this checks the state belongs to this
 * browser session, parks code and state in sessionStorage and returns there with
 * `oktaRedirect` (or `googleRedirect`). The login page consumes the state and PKCE verifier.
 */
export function handleOAuthCallback(
  nav: NavigationService,
  code: string,
  rawState: string,
  state: OAuthState,
  storage: Storage = window.sessionStorage,
): void {
  const stored = storage.getItem(OAuthSessionKeys.state);
  if (!stored || !constantTimeEqual(stored, state.random)) {
    nav.navigate(
      loginWithError(ACCESS_DENIED, 'The sign-in response does not match this browser session. Please try again.'),
      { replace: true },
    );
    return;
  }
  if (state.provider !== 'okta' && state.provider !== 'google') {
    nav.navigate(loginWithError(ACCESS_DENIED, 'Unsupported sign-in response.'), { replace: true });
    return;
  }
  stashOAuthCallback({ code, state: rawState }, storage);
  nav.navigate(returnTarget(state.provider, state.inviteId), { replace: true });
}

/** The page that finishes the sign-in: the invitation's own page (spec §2: `oktaRedirect` and
 *  `inviteFlow` on return from the provider) or the login page. */
function returnTarget(provider: 'okta' | 'google', inviteId: string | undefined): string {
  if (inviteId !== undefined)
    return invitePaths.invitation(
      inviteId,
      new URLSearchParams({ oktaRedirect: 'true', inviteFlow: provider }).toString(),
    );
  return provider === 'okta' ? '/login?oktaRedirect=true' : '/login?googleRedirect=true';
}
