import type { HttpService } from '@core/http/HttpService';
import type { InvitationAnswer } from './types';

/** POST /um/users/{id}/invitation: a new link for a pending invitation (the old one stops working). */
export async function postResendInvitation(http: HttpService, userId: string): Promise<InvitationAnswer> {
  return (await http.post<InvitationAnswer>(`/um/users/${encodeURIComponent(userId)}/invitation`, undefined, { skipGlobalErrors: [403] })).data;
}
