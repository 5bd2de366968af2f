import type { HttpService } from '@core/http/HttpService';
import type { AuthAnswer, CodeSignInBody } from './types';

/** POST /um/invite/{id}/setOAuth2 (public): activates the invited user with this provider identity. */
export async function postInviteSetOAuth2(http: HttpService, inviteId: string, body: CodeSignInBody): Promise<AuthAnswer> {
  const response = await http.post<AuthAnswer>(`/um/invite/${encodeURIComponent(inviteId)}/setOAuth2`, body, {
    authMode: { kind: 'public' },
    skipGlobalErrors: true,
  });
  return response.data;
}
