import type { ApiClient } from '../../api/ApiClient';
import type { GoogleProviderInfo } from './providerInfo';

/** GET /um/oauth2LoginProviders/Google/publicId (public): client, endpoints and a nonce. */
export function getGoogleProviderInfo(api: ApiClient): Promise<GoogleProviderInfo> {
  return api.get('/um/oauth2LoginProviders/Google/publicId', { authMode: { kind: 'public' }, skipGlobalErrors: true });
}
