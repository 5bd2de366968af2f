import { OAuthSessionKeys } from './oauthRequest';

/** The provider's answer, parked by `/login/callback` for the login page to finish. (A sign-in
 *  that needs its second factor is handed over by the session itself: `session.adopt`.) */
export interface OAuthCallbackHandoff {
  code: string;
  state: string;
}

export function stashOAuthCallback(handoff: OAuthCallbackHandoff, storage: Storage = window.sessionStorage): void {
  storage.setItem(OAuthSessionKeys.callback, JSON.stringify(handoff));
}

/** Reads and removes the parked callback (single use). */
export function takeOAuthCallback(storage: Storage = window.sessionStorage): OAuthCallbackHandoff | null {
  const raw = storage.getItem(OAuthSessionKeys.callback);
  storage.removeItem(OAuthSessionKeys.callback);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<OAuthCallbackHandoff>;
    return typeof value.code === 'string' && typeof value.state === 'string'
      ? { code: value.code, state: value.state }
      : null;
  } catch {
    return null;
  }
}
