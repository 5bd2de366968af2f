import type { GoogleProviderInfo } from '@core/auth/api/providerInfo';
import { randomUrlSafe } from '@core/auth/pkce';
import { callFailure } from '@core/http/callFailure';

import type { LoginApi } from '../api/LoginApi';
import { GOOGLE_NOT_CONFIGURED } from './googleNotConfigured';

/** Google's own authorisation endpoint (its OpenID discovery document): where a provider without an id goes. */
export const GOOGLE_AUTHORIZATION_ENDPOINT = 'https://accounts.google.com/o/oauth2/v2/auth';

/**
 * The Google client to sign in with. Spec §4: "Google lookup failure uses a provider with no id" —
 * when the look-up fails (no answer, a server error, an incomplete answer) the sign-in still goes
 * to Google, with no client id, and Google's own page says what is wrong; the console shows no
 * unknown-error text. A 404 is not a failure of the look-up but its answer ("this console has no
 * Google client"): that one is rethrown so the page can say so plainly (plugins/login/README.md).
 */
export async function lookUpGoogle(api: Pick<LoginApi, 'googleProviderInfo'>): Promise<GoogleProviderInfo> {
  try {
    const info = await api.googleProviderInfo();
    if (info?.publicId && info.authorizationEndpoint && info.nonce) return info;
  } catch (error) {
    if (callFailure(error).status === 404) throw new Error(GOOGLE_NOT_CONFIGURED);
  }
  // No token endpoint: nothing can come back to exchange. The nonce never reaches our API.
  return {
    publicId: '',
    authorizationEndpoint: GOOGLE_AUTHORIZATION_ENDPOINT,
    tokenEndpoint: '',
    nonce: randomUrlSafe(24),
  };
}
