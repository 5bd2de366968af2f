import type { OAuthCallbackHandoff } from '@core/auth/oauthHandoff';
import { consumeOAuth } from '@core/auth/oauthRequest';
import { callFailure } from '@core/http/callFailure';
import { decodeClaims } from '@core/session/decodeClaims';
import type { AuthResult } from '@core/session/SessionService';

import { LoginTexts } from '../logic/texts';
import type { LoginServices } from './LoginServices';

/** A provider sign-in that failed; the login step shows title and description. */
export class ProviderSignInError extends Error {
  constructor(
    readonly title: string,
    readonly description: string,
  ) {
    super(`${title}: ${description}`);
    this.name = 'ProviderSignInError';
  }
}

export interface ProviderSignIn {
  result: AuthResult;
  provider: 'okta' | 'google';
  /** The e-mail of the ID token: the sign-in's username until the answer names one. */
  email?: string;
  returnPath?: string;
}

/**
 * Okta and Google returns (okta-waiting): check state, exchange the code at the provider with
 * the PKCE verifier, check the ID token's nonce, then POST it to /um/oauth2Login.
 */
export async function finishProviderSignIn(
  { api, session }: Pick<LoginServices, 'api' | 'session'>,
  handoff: OAuthCallbackHandoff | null,
  captchaToken?: string,
): Promise<ProviderSignIn> {
  if (!handoff)
    throw new ProviderSignInError(LoginTexts.accessDenied, 'The sign-in response is missing. Please try again.');
  const check = consumeOAuth(handoff.state);
  if (!check.ok)
    throw new ProviderSignInError(
      LoginTexts.accessDenied,
      'The sign-in response does not match this browser session. Please try again.',
    );
  const { request, state } = check;
  if (!request.tokenEndpoint || (request.provider !== 'okta' && request.provider !== 'google')) {
    throw new ProviderSignInError(LoginTexts.accessDenied, 'Unsupported sign-in response.');
  }
  let idToken: string;
  try {
    idToken = await api.exchangeCode({
      tokenEndpoint: request.tokenEndpoint,
      code: handoff.code,
      codeVerifier: request.codeVerifier,
      clientId: request.clientId,
      redirectUri: request.redirectUri,
    });
  } catch {
    throw new ProviderSignInError(LoginTexts.accessDenied, 'The identity provider refused the sign-in.');
  }
  const claims = decodeClaims(idToken);
  if (!claims || claims.nonce !== request.nonce)
    throw new ProviderSignInError(
      LoginTexts.accessDenied,
      'The sign-in response does not match this browser session. Please try again.',
    );
  const email = typeof claims.email === 'string' ? claims.email : undefined;
  const rememberToken = email ? (session.rememberedDevice(email) ?? undefined) : undefined;
  try {
    const result = await api.oauth2Login({
      provider: request.provider === 'okta' ? 'Okta' : 'Google',
      idToken,
      nonce: request.nonce,
      email,
      rememberToken,
      captchaToken,
    });
    return { result, provider: request.provider, email, returnPath: state.returnPath };
  } catch (error) {
    const info = callFailure(error);
    throw new ProviderSignInError(
      LoginTexts.accessDenied,
      info.message ?? (info.status === 401 ? LoginTexts.userNotFound : LoginTexts.unknownError),
    );
  }
}
