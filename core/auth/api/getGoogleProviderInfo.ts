import type { HttpService } from '../../http/HttpService';
import type { GoogleProviderInfo } from './providerInfo';

/** GET /um/oauth2LoginProviders/Google/publicId (public): client, endpoints and a nonce. */
export async function getGoogleProviderInfo(http: HttpService): Promise<GoogleProviderInfo> {
  const response = await http.get<GoogleProviderInfo>('/um/oauth2LoginProviders/Google/publicId', {
    authMode: { kind: 'public' },
    skipGlobalErrors: true,
  });
  return response.data;
}
