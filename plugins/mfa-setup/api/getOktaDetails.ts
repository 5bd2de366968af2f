import type { HttpService } from '@core/http/HttpService';
import type { ProviderLookup } from './types';

/** GET /um/oauth2config/okta/details?domain= (public): the tenant's Okta client on that domain. */
export async function getOktaDetails(http: HttpService, domain: string): Promise<ProviderLookup> {
  const response = await http.get<{ clientId: string; authorizationEndpoint: string; nonce: string }>('/um/oauth2config/okta/details', {
    params: { domain },
    authMode: { kind: 'public' },
    skipGlobalErrors: true,
  });
  const { clientId, authorizationEndpoint, nonce } = response.data;
  return { clientId, authorizationEndpoint, nonce };
}
