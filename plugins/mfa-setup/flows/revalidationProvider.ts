import type { OAuthProviderMarker } from '@core/auth/oauthState';
import { StorageKeys, type StorageService } from '@core/storage/StorageService';

/** The provider this session signed in with, if the user can re-validate there. */
export interface RevalidationProvider {
  marker: OAuthProviderMarker;
  /** Button label part: "Verify with {label}". */
  label: string;
  /** Okta: the issuer of the tenant's Okta (its details look-up takes it as the domain). */
  oktaIssuer?: string;
}

const LABELS: Record<OAuthProviderMarker, string> = { google: 'Google', okta: 'Okta', jamf: 'Jamf' };

/**
 * Reads `oauth-provider` (and, for Okta, `okta-client-issuer`). Null for password sign-ins and
 * for an Okta session whose issuer is unknown (there is nothing to look the client up by).
 */
export function revalidationProvider(storage: Pick<StorageService, 'get'>): RevalidationProvider | null {
  const marker = storage.get(StorageKeys.oauthProvider);
  if (marker !== 'google' && marker !== 'okta' && marker !== 'jamf') return null;
  if (marker !== 'okta') return { marker, label: LABELS[marker] };
  const oktaIssuer = storage.get(StorageKeys.oktaClientIssuer);
  return oktaIssuer ? { marker, label: LABELS[marker], oktaIssuer } : null;
}
