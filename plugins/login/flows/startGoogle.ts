import { beginOAuth, oauthRedirectUri } from '@core/auth/oauthRequest';
import { sanitizeReturnPath } from '@core/auth/safeReturnPath';
import { getGoogleProviderInfo } from '@core/auth/api/getGoogleProviderInfo';
import type { LoginServices } from './LoginServices';

/** Looks up Google's client and leaves for its authorisation page (code flow + PKCE). */
export async function startGoogle({ http, nav }: Pick<LoginServices, 'http' | 'nav'>, returnUrl: string | null): Promise<void> {
  const info = await getGoogleProviderInfo(http);
  if (!info?.publicId || !info.authorizationEndpoint) throw new Error('Google sign-in is not configured');
  const url = await beginOAuth({
    provider: 'google',
    returnPath: sanitizeReturnPath(returnUrl) ?? undefined,
    clientId: info.publicId,
    authorizationEndpoint: info.authorizationEndpoint,
    tokenEndpoint: info.tokenEndpoint,
    nonce: info.nonce,
    redirectUri: oauthRedirectUri(),
  });
  nav.assign(url);
}
