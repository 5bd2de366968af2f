import { type OAuthState, parseOAuthState } from '@core/auth/oauthState';

/** What `/login/callback` (and `/r`) does with its query (spec §4 "Callback resolver"). */
export type CallbackAction =
  /** Go to the login page (errors, single-sign-on domain hand-over, malformed answers). */
  | { kind: 'login'; to: string }
  /** A provider refusal inside the Google popup: for its opener, else like `login`. */
  | { kind: 'popupError'; description: string; rawState: string; to: string }
  /** Vendor IdP answer (provider=jamf or an invitation). */
  | { kind: 'jamf'; code: string; rawState: string; state: OAuthState }
  /** An invitation activated with Google or Okta: the invite page finishes it. */
  | { kind: 'invite'; code: string; rawState: string; state: OAuthState & { inviteId: string } }
  /** Any other provider (Google, Okta). */
  | { kind: 'oauth'; code: string; rawState: string; state: OAuthState }
  /** A signed-in user's re-validation (two-factor set-up), whichever the provider. */
  | { kind: 'revalidate'; code: string; rawState: string; state: OAuthState };

export const ACCESS_DENIED = 'Access Denied';

export function loginWithError(title: string, description: string): string {
  return `/login?${new URLSearchParams({ error: title, error_description: description })}`;
}

/**
 * Pure: query string -> action. Order of spec §4: error (+error_description) -> login with
 * 'Access Denied' and the description; ssoDomain -> login with ssoDomain (and url); code and
 * state of an invitation activated with Google or Okta -> back to the invite page; provider=jamf or
 * another inviteId -> Jamf handler; code and state -> generic
 * OAuth handler. A state flagged `revalidate=2fa` is not a sign-in: it goes back to /config/2fa. Anything else cannot be completed and goes to login with 'Access Denied'.
 */
export function resolveCallback(search: string): CallbackAction {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const error = params.get('error');
  if (error) {
    const description = params.get('error_description') || error;
    const to = loginWithError(ACCESS_DENIED, description);
    const rawState = params.get('state');
    if (rawState && parseOAuthState(rawState)?.popup) return { kind: 'popupError', description, rawState, to };
    return { kind: 'login', to };
  }
  const ssoDomain = params.get('ssoDomain');
  if (ssoDomain) {
    const query = new URLSearchParams({ ssoDomain });
    const url = params.get('url');
    if (url) query.set('url', url);
    return { kind: 'login', to: `/login?${query}` };
  }
  const code = params.get('code');
  const rawState = params.get('state');
  const state = parseOAuthState(rawState);
  if (code && rawState && state) {
    if (state.revalidate === '2fa' && state.provider) return { kind: 'revalidate', code, rawState, state };
    if (state.inviteId !== undefined && (state.provider === 'google' || state.provider === 'okta')) {
      return { kind: 'invite', code, rawState, state: { ...state, inviteId: state.inviteId } };
    }
    if (state.provider === 'jamf' || state.inviteId !== undefined) return { kind: 'jamf', code, rawState, state };
    return { kind: 'oauth', code, rawState, state };
  }
  return { kind: 'login', to: loginWithError(ACCESS_DENIED, 'The sign-in response is incomplete. Please try again.') };
}
