import { beginOAuth, consumeOAuth, oauthRedirectUri } from '@core/auth/oauthRequest';
import type { OAuthState } from '@core/auth/oauthState';
import { callFailure } from '@core/http/callFailure';
import { StorageKeys } from '@core/storage/StorageService';

import { ACCESS_DENIED, loginWithError } from '../logic/resolveCallback';
import { resolveJamfReturnPath } from '../logic/resolveJamfReturnPath';
import type { CallbackServices } from './CallbackServices';

export const USER_NOT_FOUND = 'User not found';

function serverMessage(error: unknown): string | null {
  return callFailure(error).message;
}

/**
 * Vendor-IdP answers (spec §4), each call with a captcha token while captcha is active. With an
 * invitation: load it, activate the invited user with code
 * and state, then go to the provider again with provider=jamf so the next answer signs in.
 * Without: hand the answer to the session (which stores token, access_token cookie, sesionStart,
 * oauth-provider 'jamf' and domain, or holds the second factor for /login), fetch the
 * environment type and go to the return path.
 */
export async function handleJamfCallback(
  services: CallbackServices,
  code: string,
  rawState: string,
  state: OAuthState,
): Promise<void> {
  const { api, session, storage, nav, captcha } = services;
  const check = consumeOAuth(rawState);
  if (!check.ok) {
    nav.navigate(
      loginWithError(ACCESS_DENIED, 'The sign-in response does not match this browser session. Please try again.'),
      { replace: true },
    );
    return;
  }
  const { request } = check;
  const body = {
    provider: 'JamfAuth0' as const,
    code,
    codeVerifier: request.codeVerifier,
    redirectUri: request.redirectUri,
    nonce: request.nonce,
  };

  if (state.inviteId !== undefined) {
    try {
      const invite = await api.getInvite(state.inviteId);
      await api.activateInvite(state.inviteId, { ...body, captchaToken: await captcha.getToken('invite') });
      const domain = invite.username.slice(invite.username.lastIndexOf('@') + 1);
      const info = await api.jamfProviderInfo(domain);
      const url = await beginOAuth({
        provider: 'jamf',
        returnPath: state.returnPath ?? '/gluon',
        clientId: info.publicId,
        authorizationEndpoint: info.authorizationEndpoint,
        nonce: info.nonce,
        redirectUri: oauthRedirectUri(),
        extraParams: { login_hint: invite.username, connection: info.connectionName ?? undefined },
      });
      nav.assign(url);
    } catch (error) {
      nav.navigate(loginWithError(ACCESS_DENIED, serverMessage(error) ?? USER_NOT_FOUND), { replace: true });
    }
    return;
  }

  const returnPath = resolveJamfReturnPath(state.returnPath);
  let outcome;
  try {
    // adopt refuses an answer without a token or user, like a refused sign-in.
    // Spec §7: /um/oauth2Login carries the remembered device of the address the sign-in began with
    // (startJamf keeps it with the request), so a remembered device skips the second factor here too.
    const email = request.context?.email;
    const rememberToken = email ? (session.rememberedDevice(email) ?? undefined) : undefined;
    outcome = session.adopt(
      await api.signInWithCode({
        ...body,
        ...(rememberToken ? { rememberToken } : {}),
        captchaToken: await captcha.getToken('login'),
      }),
      {
        provider: 'jamf',
        returnUrl: returnPath,
      },
    );
  } catch (error) {
    nav.navigate(loginWithError(ACCESS_DENIED, serverMessage(error) ?? USER_NOT_FOUND), { replace: true });
    return;
  }
  if (outcome.kind === 'second-factor') {
    // The two-auth step belongs to the login page; the session hands the sign-in over to it.
    nav.navigate('/login', { replace: true });
    return;
  }
  const envType = await api.environmentType();
  if (envType) storage.set(StorageKeys.envType, envType);
  nav.navigate(returnPath, { replace: true });
}
