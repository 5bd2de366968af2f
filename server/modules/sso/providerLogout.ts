import type { IdpConfig } from '../../config';
import { discover } from './discovery';
import type { OAuthProvider } from './nonces';

/**
 * The provider's end-session address for a session started through it (RP-initiated logout:
 * client_id and post_logout_redirect_uri `${PUBLIC_URL}/login?reauth=true`), or undefined when
 * the provider publishes none or cannot be reached (logout must still succeed).
 */
export async function providerLogoutUrl(
  deps: { idp: IdpConfig; publicUrl: string; log: { warn(obj: unknown, msg: string): void } },
  provider: OAuthProvider,
  providerData: unknown,
): Promise<string | undefined> {
  const data = (providerData ?? {}) as { issuer?: unknown; clientId?: unknown };
  const issuer = typeof data.issuer === 'string' ? data.issuer : provider === 'JamfAuth0' ? deps.idp.jamfIssuer : null;
  const clientId =
    typeof data.clientId === 'string' ? data.clientId : provider === 'JamfAuth0' ? deps.idp.jamfClientId : null;
  if (!issuer || !clientId) return undefined;
  try {
    const metadata = await discover(issuer);
    if (!metadata.end_session_endpoint) return undefined;
    const url = new URL(metadata.end_session_endpoint);
    url.searchParams.set('client_id', clientId);
    url.searchParams.set('post_logout_redirect_uri', `${deps.publicUrl}/login?reauth=true`);
    return url.href;
  } catch (error) {
    deps.log.warn({ err: error, provider }, 'provider end-session address unavailable');
    return undefined;
  }
}
