import type { HttpService } from '@core/http/HttpService';
import type { ProviderLookup } from './types';

/** GET /um/oauth2LoginProviders/JamfAuth0/info?emailDomain= (public): the vendor IdP connection. */
export async function getJamfProviderInfo(http: HttpService, email: string): Promise<ProviderLookup> {
  const response = await http.get<{ publicId: string; authorizationEndpoint: string; nonce: string; connectionName?: string }>('/um/oauth2LoginProviders/JamfAuth0/info', {
    params: { emailDomain: email },
    authMode: { kind: 'public' },
    skipGlobalErrors: true,
  });
  const { publicId, authorizationEndpoint, nonce, connectionName } = response.data;
  return { clientId: publicId, authorizationEndpoint, nonce, extraParams: { login_hint: email, connection: connectionName } };
}
