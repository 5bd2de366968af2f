import type { HttpService } from '@core/http/HttpService';
import type { JamfProviderInfo } from './types';

/** Spec §9: the vendor sign-in gives up waiting for its redirect data after 5 s. */
export const JAMF_REDIRECT_TIMEOUT_MS = 5000;

/** GET /um/oauth2LoginProviders/JamfAuth0/info?emailDomain= (public); 404 for an unknown domain. */
export async function getJamfProviderInfo(http: HttpService, emailDomain: string): Promise<JamfProviderInfo> {
  const response = await http.get<JamfProviderInfo>('/um/oauth2LoginProviders/JamfAuth0/info', {
    params: { emailDomain },
    authMode: { kind: 'public' },
    skipGlobalErrors: true,
    timeout: JAMF_REDIRECT_TIMEOUT_MS,
  });
  return response.data;
}
