import type { HttpService } from '../../http/HttpService';
import type { JamfProviderInfo } from './providerInfo';

/** GET /um/oauth2LoginProviders/JamfAuth0/info?emailDomain= (public); 404 for an unknown domain.
 *  `timeoutMs`: the sign-in page gives up after spec §9's 5 s redirect timeout. */
export async function getJamfProviderInfo(http: HttpService, emailDomain: string, timeoutMs?: number): Promise<JamfProviderInfo> {
  const response = await http.get<JamfProviderInfo>('/um/oauth2LoginProviders/JamfAuth0/info', {
    params: { emailDomain },
    authMode: { kind: 'public' },
    skipGlobalErrors: true,
    ...(timeoutMs === undefined ? {} : { timeout: timeoutMs }),
  });
  return response.data;
}
