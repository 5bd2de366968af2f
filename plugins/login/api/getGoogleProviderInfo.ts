import type { HttpService } from '@core/http/HttpService';
import type { GoogleProviderInfo } from './types';

/** GET /um/oauth2LoginProviders/Google/publicId (public). */
export async function getGoogleProviderInfo(http: HttpService): Promise<GoogleProviderInfo> {
  const response = await http.get<GoogleProviderInfo>('/um/oauth2LoginProviders/Google/publicId', {
    authMode: { kind: 'public' },
    skipGlobalErrors: true,
  });
  return response.data;
}
