import { sanitizeReturnPath } from '@common/navigation/safeReturnPath';
import { beginOAuth, oauthRedirectUri } from '@core/auth/oauthRequest';
import { StorageKeys } from '@core/storage/StorageService';

import { normalizeOktaDomain } from '../logic/normalizeOktaDomain';
import type { LoginServices } from './LoginServices';

/** Thrown for every Okta start failure; the step shows 'Invalid Okta domain'. */
export class InvalidOktaDomainError extends Error {
  constructor() {
    super('Invalid Okta domain');
    this.name = 'InvalidOktaDomainError';
  }
}

/** Normalises the domain, looks up the tenant's Okta client and leaves for Okta. */
export async function startOkta(
  { api, storage, nav }: Pick<LoginServices, 'api' | 'storage' | 'nav'>,
  domainInput: string,
  returnUrl: string | null,
): Promise<void> {
  const domain = normalizeOktaDomain(domainInput);
  if (!domain) throw new InvalidOktaDomainError();
  let url: string;
  try {
    const details = await api.oktaDetails(domain);
    if (!details?.clientId || !details.authorizationEndpoint) throw new InvalidOktaDomainError();
    storage.set(StorageKeys.oktaClientIssuer, details.clientIssuer);
    url = await beginOAuth({
      provider: 'okta',
      returnPath: sanitizeReturnPath(returnUrl) ?? undefined,
      clientId: details.clientId,
      authorizationEndpoint: details.authorizationEndpoint,
      tokenEndpoint: details.tokenEndpoint,
      nonce: details.nonce,
      redirectUri: oauthRedirectUri(),
      context: { domain },
    });
  } catch {
    throw new InvalidOktaDomainError();
  }
  nav.assign(url);
}
