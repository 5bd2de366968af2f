import type { HttpService } from '@core/http/HttpService';
import type { AuthAnswer, ProviderCodeBody } from './types';

/** POST /um/invite/{id}/setOAuth2 (public, single use): activates the invited user with this identity and signs in. */
export async function postSetOAuth2(http: HttpService, inviteId: string, body: ProviderCodeBody): Promise<AuthAnswer> {
  const response = await http.post<AuthAnswer>(`/um/invite/${encodeURIComponent(inviteId)}/setOAuth2`, body, { authMode: { kind: 'public' }, skipGlobalErrors: true });
  return response.data;
}
