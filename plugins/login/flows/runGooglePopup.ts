import { sanitizeReturnPath } from '@common/navigation/safeReturnPath';
import type { OAuthCallbackHandoff } from '@core/auth/oauthHandoff';
import { readOAuthPopupMessage } from '@core/auth/oauthPopup';
import { beginOAuth, clearOAuth, oauthRedirectUri } from '@core/auth/oauthRequest';

import type { LoginServices } from './LoginServices';
import { lookUpGoogle } from './lookUpGoogle';

export type GooglePopupOutcome =
  | { kind: 'callback'; handoff: OAuthCallbackHandoff }
  | { kind: 'refused'; description: string }
  | { kind: 'closed'; withoutId: boolean };

export interface GooglePopupOptions {
  /** The window that opened the popup (the login page's). */
  win?: Window;
  /** How often to look whether the popup was closed. */
  pollMs?: number;
}

/**
 * Google in a popup (spec §8): the same state/PKCE/nonce round trip as the redirect, but the
 * authorisation page loads in `popup`, and its `/login/callback` posts `{ code, state }` back
 * here (or the provider's refusal). Answers `closed` when the popup goes away without an answer (the caller shows 'Third-party
 * cookies should be enabled', unless the look-up failed and Google itself showed why); the pending request is then dropped.
 */
export async function runGooglePopup(
  { api }: Pick<LoginServices, 'api'>,
  popup: Window,
  returnUrl: string | null,
  { win = window, pollMs = 500 }: GooglePopupOptions = {},
): Promise<GooglePopupOutcome> {
  let withoutId = false;
  try {
    const info = await lookUpGoogle(api);
    withoutId = !info.publicId;
    popup.location.href = await beginOAuth({
      provider: 'google',
      popup: true,
      returnPath: sanitizeReturnPath(returnUrl) ?? undefined,
      clientId: info.publicId,
      authorizationEndpoint: info.authorizationEndpoint,
      tokenEndpoint: info.tokenEndpoint,
      nonce: info.nonce,
      redirectUri: oauthRedirectUri(win.location.origin),
    });
  } catch (error) {
    popup.close();
    throw error;
  }

  return new Promise<GooglePopupOutcome>((resolve) => {
    const done = (outcome: GooglePopupOutcome) => {
      win.removeEventListener('message', onMessage);
      win.clearInterval(timer);
      if (outcome.kind !== 'callback') clearOAuth();
      resolve(outcome);
    };
    const onMessage = (event: MessageEvent) => {
      const answer = readOAuthPopupMessage(event, { origin: win.location.origin, source: popup });
      if (!answer) return;
      popup.close();
      done('code' in answer ? { kind: 'callback', handoff: answer } : { kind: 'refused', description: answer.error });
    };
    win.addEventListener('message', onMessage);
    // One more interval after the popup is seen closed: its message may still be queued.
    let seenClosed = false;
    const timer = win.setInterval(() => {
      if (!popup.closed) return;
      if (seenClosed) done({ kind: 'closed', withoutId });
      seenClosed = true;
    }, pollMs);
  });
}
