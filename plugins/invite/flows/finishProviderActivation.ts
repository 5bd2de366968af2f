import { takeOAuthCallback } from '@core/auth/oauthHandoff';
import { consumeOAuth } from '@core/auth/oauthRequest';

import type { Invite } from '../api/InviteApi';
import { serverMessage } from '../logic/callFailure';
import type { InviteFlow } from '../logic/inviteQuery';
import { InviteTexts } from '../logic/texts';
import { completeInviteSignIn, type InviteSignIn } from './completeInviteSignIn';
import type { InviteServices } from './InviteServices';

/**
 * The return from Google or Okta (spec §4): the parked answer must carry this browser's state
 * for this invitation; then the API exchanges the code (PKCE verifier, nonce) and activates the
 * invited user (a captcha token while captcha is active), who is signed in, the provider stored
 * and the environment type fetched.
 * Rejects with the text to show (the server's message for a refused activation).
 */
export async function finishProviderActivation(
  services: InviteServices,
  inviteId: string,
  invite: Invite,
  flow: InviteFlow | null,
): Promise<InviteSignIn> {
  const handoff = takeOAuthCallback();
  const check = handoff ? consumeOAuth(handoff.state) : null;
  if (!handoff || !check?.ok) throw new Error(InviteTexts.responseMismatch);
  const { request } = check;
  const provider = request.provider;
  // Single use and bound to this invitation: an answer started elsewhere is not finished here.
  if (
    request.inviteId !== inviteId ||
    (provider !== 'okta' && provider !== 'google') ||
    (flow !== null && flow !== provider)
  ) {
    throw new Error(InviteTexts.responseMismatch);
  }
  let answer;
  try {
    answer = await services.api.activateWithProvider(inviteId, {
      provider: provider === 'okta' ? 'Okta' : 'Google',
      code: handoff.code,
      codeVerifier: request.codeVerifier,
      redirectUri: request.redirectUri,
      nonce: request.nonce,
      captchaToken: await services.captcha.getToken('invite'),
    });
  } catch (error) {
    throw new Error(serverMessage(error));
  }
  return completeInviteSignIn(services, answer, invite.username, provider);
}
