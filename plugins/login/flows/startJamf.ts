import { sanitizeReturnPath } from '@common/navigation/safeReturnPath';

import { emailDomain } from '../logic/validators';
import type { LoginServices } from './LoginServices';

/** Spec §9: the vendor sign-in gives up waiting for its redirect data after 5 s. */
export const JAMF_REDIRECT_TIMEOUT_MS = 5000;

/**
 * Chooses the vendor IdP connection by e-mail domain and leaves for it. Answers false when the
 * domain has none or the look-up fails (spec §4: fall back to the regular login).
 */
export async function startJamf(
  { api, nav }: Pick<LoginServices, 'api' | 'nav'>,
  emailOrDomain: string,
  returnUrl: string | null,
): Promise<boolean> {
  const isEmail = emailOrDomain.includes('@');
  const domain = isEmail ? emailDomain(emailOrDomain) : emailOrDomain.trim().toLowerCase();
  if (!domain) return false;
  try {
    // The OAuth request helpers load with the look-up, off the first load of /login.
    const [info, { beginOAuth, oauthRedirectUri }] = await Promise.all([
      api.jamfProviderInfo(domain, JAMF_REDIRECT_TIMEOUT_MS),
      import('@core/auth/oauthRequest'),
    ]);
    if (!info?.publicId || !info.authorizationEndpoint || !info.nonce) return false;
    const url = await beginOAuth({
      provider: 'jamf',
      returnPath: sanitizeReturnPath(returnUrl) ?? undefined,
      clientId: info.publicId,
      authorizationEndpoint: info.authorizationEndpoint,
      nonce: info.nonce,
      redirectUri: oauthRedirectUri(),
      extraParams: {
        login_hint: isEmail ? emailOrDomain.trim() : undefined,
        connection: info.connectionName ?? undefined,
      },
      // The callback sends this address's remembered device with the sign-in (spec §7 /um/oauth2Login).
      ...(isEmail ? { context: { email: emailOrDomain.trim() } } : {}),
    });
    nav.assign(url);
    return true;
  } catch {
    return false;
  }
}
