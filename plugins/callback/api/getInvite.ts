import type { HttpService } from '@core/http/HttpService';
import type { Invite } from './types';

/** GET /um/invite/{id} (public). */
export async function getInvite(http: HttpService, inviteId: string): Promise<Invite> {
  const response = await http.get<Invite>(`/um/invite/${encodeURIComponent(inviteId)}`, { authMode: { kind: 'public' }, skipGlobalErrors: true });
  return response.data;
}
