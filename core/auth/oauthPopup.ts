import type { OAuthCallbackHandoff } from './oauthHandoff';

/** `type` of the message a popup's `/login/callback` posts to its opener. */
export const OAUTH_POPUP_MESSAGE = 'oauth-popup-callback';

/** Window name of the sign-in popup: a second click reuses the same window. */
export const OAUTH_POPUP_NAME = 'oauth-sign-in';

export interface OAuthPopupMessage extends OAuthCallbackHandoff {
  type: typeof OAUTH_POPUP_MESSAGE;
}

export function oauthPopupMessage(handoff: OAuthCallbackHandoff): OAuthPopupMessage {
  return { type: OAUTH_POPUP_MESSAGE, code: handoff.code, state: handoff.state };
}

/**
 * The `{ code, state }` of a popup's message, or null when the message is not one: it must come
 * from our own origin and from the popup we opened (any other window may post to us).
 */
export function readOAuthPopupMessage(
  event: Pick<MessageEvent, 'origin' | 'source' | 'data'>,
  expected: { origin: string; source: unknown },
): OAuthCallbackHandoff | null {
  if (event.origin !== expected.origin || event.source !== expected.source) return null;
  const data = event.data as Partial<OAuthPopupMessage> | null;
  if (!data || data.type !== OAUTH_POPUP_MESSAGE || typeof data.code !== 'string' || typeof data.state !== 'string') return null;
  if (!data.code || !data.state) return null;
  return { code: data.code, state: data.state };
}
