import type { OAuthCallbackHandoff } from './oauthHandoff';

/** `type` of the message a popup's `/login/callback` posts to its opener. */
export const OAUTH_POPUP_MESSAGE = 'oauth-popup-callback';

/** Window name of the sign-in popup: a second click reuses the same window. */
export const OAUTH_POPUP_NAME = 'oauth-sign-in';

/** What the popup hands over: the provider's code, or its refusal (`error_description`). */
export type OAuthPopupAnswer = OAuthCallbackHandoff | { error: string; state: string };

export type OAuthPopupMessage = OAuthPopupAnswer & { type: typeof OAUTH_POPUP_MESSAGE };

export function oauthPopupMessage(answer: OAuthPopupAnswer): OAuthPopupMessage {
  return 'code' in answer
    ? { type: OAUTH_POPUP_MESSAGE, code: answer.code, state: answer.state }
    : { type: OAUTH_POPUP_MESSAGE, error: answer.error, state: answer.state };
}

/**
 * The answer in a popup's message, or null when the message is not one: it must come from our
 * own origin and from the popup we opened (any other window may post to us).
 */
export function readOAuthPopupMessage(
  event: Pick<MessageEvent, 'origin' | 'source' | 'data'>,
  expected: { origin: string; source: unknown },
): OAuthPopupAnswer | null {
  if (event.origin !== expected.origin || event.source !== expected.source) return null;
  const data = event.data as { type?: unknown; code?: unknown; error?: unknown; state?: unknown } | null;
  if (!data || data.type !== OAUTH_POPUP_MESSAGE || typeof data.state !== 'string') return null;
  if (typeof data.code === 'string' && data.code && data.state) return { code: data.code, state: data.state };
  if (typeof data.error === 'string' && data.error) return { error: data.error.slice(0, 500), state: data.state };
  return null;
}
