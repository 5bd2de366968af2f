import { OAUTH_POPUP_NAME } from '@core/auth/oauthPopup';

const FEATURES = 'popup=yes,width=520,height=640';

/**
 * Opens the (still empty) sign-in popup. Must run synchronously inside the click handler:
 * browsers block popups opened after an await has left the user's gesture. Null when blocked.
 */
export function openSignInPopup(win: Window = window): Window | null {
  try {
    return win.open('about:blank', OAUTH_POPUP_NAME, FEATURES) ?? null;
  } catch {
    return null;
  }
}
