import type { HttpService } from '@core/http/HttpService';
import type { OktaInviteClient } from './types';

/** GET /um/oauth2LoginProviders/Okta/publicId?invitationId= (public): the inviting tenant's Okta application and a nonce bound to the invitation. */
export async function getOktaInviteClient(http: HttpService, inviteId: string): Promise<OktaInviteClient> {
  const response = await http.get<OktaInviteClient>('/um/oauth2LoginProviders/Okta/publicId', {
    params: { invitationId: inviteId },
    authMode: { kind: 'public' },
    skipGlobalErrors: true,
  });
  return response.data;
}
