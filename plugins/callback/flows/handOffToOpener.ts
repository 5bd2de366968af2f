import { type OAuthPopupAnswer, oauthPopupMessage } from '@core/auth/oauthPopup';

/**
 * `/login/callback` inside the sign-in popup: posts `{ code, state }` (or the provider's refusal) to the login page that
 * opened it (our own origin only; that page checks state, PKCE and nonce) and closes. Answers
 * false when there is no opener to answer (opened directly, or the link was cut), so the caller
 * can fall back to the redirect handling.
 */
export function handOffToOpener(answer: OAuthPopupAnswer, win: Window = window): boolean {
  let opener: Window | null;
  try {
    opener = win.opener as Window | null;
  } catch {
    return false;
  }
  if (!opener || opener === win || opener.closed) return false;
  opener.postMessage(oauthPopupMessage(answer), win.location.origin);
  // The opener closes us once it has the message; this is the fallback if it cannot.
  win.setTimeout(() => win.close(), 1000);
  return true;
}
