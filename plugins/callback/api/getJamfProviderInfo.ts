import type { HttpService } from '@core/http/HttpService';
import type { JamfProviderInfo } from './types';

/** GET /um/oauth2LoginProviders/JamfAuth0/info?emailDomain= (public). */
export async function getJamfProviderInfo(http: HttpService, emailDomain: string): Promise<JamfProviderInfo> {
  const response = await http.get<JamfProviderInfo>('/um/oauth2LoginProviders/JamfAuth0/info', {
    params: { emailDomain },
    authMode: { kind: 'public' },
    skipGlobalErrors: true,
  });
  return response.data;
}
