import type { HttpService } from '@core/http/HttpService';
import type { InvitationAnswer } from './types';

export interface NewInvitation {
  email: string;
  permissions: string[];
  allowedLoginMethods: string[];
}

/** POST /um/users/invitations: creates the invited user, mails the link and answers it. */
export async function postInvitation(http: HttpService, invitation: NewInvitation): Promise<InvitationAnswer> {
  return (await http.post<InvitationAnswer>('/um/users/invitations', invitation, { skipGlobalErrors: [403] })).data;
}
