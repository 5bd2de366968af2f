import type { OAuthCallbackHandoff } from '@core/auth/oauthHandoff';
import { consumeOAuth } from '@core/auth/oauthRequest';

import type { ApiProvider, MfaSetupApi } from '../api/MfaSetupApi';

const API_PROVIDERS = { google: 'Google', okta: 'Okta', jamf: 'JamfAuth0' } as const satisfies Record<
  string,
  ApiProvider
>;

export interface Revalidated {
  recoveryToken: string;
  purpose: 'enable' | 'disable';
}

/** The provider's answer could not be used (missing, foreign state, expired, refused). */
export class RevalidationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RevalidationError';
  }
}

/**
 * Back on /config/2fa: checks the state against this browser's pending re-validation (single
 * use), then lets the API exchange the code with the PKCE verifier and answer a recovery token.
 */
export async function finishRevalidation(
  api: MfaSetupApi,
  handoff: OAuthCallbackHandoff | null,
  storage: Storage = window.sessionStorage,
): Promise<Revalidated> {
  if (!handoff) throw new RevalidationError('The identity provider did not answer. Please try again.');
  const check = consumeOAuth(handoff.state, storage);
  if (!check.ok || check.request.revalidate !== '2fa' || check.state.revalidate !== '2fa') {
    throw new RevalidationError('The identity provider answer does not match this browser session. Please try again.');
  }
  const { request } = check;
  const recoveryToken = await api.validateOAuth2({
    provider: API_PROVIDERS[request.provider],
    code: handoff.code,
    codeVerifier: request.codeVerifier,
    redirectUri: request.redirectUri,
    nonce: request.nonce,
  });
  return { recoveryToken, purpose: request.context?.purpose === 'disable' ? 'disable' : 'enable' };
}
