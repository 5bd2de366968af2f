import type { HttpService } from '@core/http/HttpService';
import type { ProviderLookup } from './types';

/** GET /um/oauth2LoginProviders/Google/publicId (public): client, endpoints and a nonce. */
export async function getGoogleProviderInfo(http: HttpService): Promise<ProviderLookup> {
  const response = await http.get<{ publicId: string; authorizationEndpoint: string; nonce: string }>('/um/oauth2LoginProviders/Google/publicId', {
    authMode: { kind: 'public' },
    skipGlobalErrors: true,
  });
  const { publicId, authorizationEndpoint, nonce } = response.data;
  return { clientId: publicId, authorizationEndpoint, nonce };
}
