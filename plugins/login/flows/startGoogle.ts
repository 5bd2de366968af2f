import { sanitizeReturnPath } from '@common/navigation/safeReturnPath';

import type { LoginServices } from './LoginServices';
import { lookUpGoogle } from './lookUpGoogle';

/** Looks up Google's client (a failed look-up: a provider with no id) and leaves for its authorisation page (code flow + PKCE). */
export async function startGoogle(
  { api, nav }: Pick<LoginServices, 'api' | 'nav'>,
  returnUrl: string | null,
): Promise<void> {
  // The OAuth request helpers load with the look-up, off the first load of /login.
  const [info, { beginOAuth, oauthRedirectUri }] = await Promise.all([
    lookUpGoogle(api),
    import('@core/auth/oauthRequest'),
  ]);
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
