import type { HttpService } from '@core/http/HttpService';
import type { Invite } from './types';

/** GET /um/invite/{token} (public): 404 unknown; `expired` true once used or past its date. */
export async function getInvite(http: HttpService, inviteId: string): Promise<Invite> {
  const response = await http.get<Partial<Invite>>(`/um/invite/${encodeURIComponent(inviteId)}`, { authMode: { kind: 'public' }, skipGlobalErrors: true });
  const data = response.data ?? {};
  if (typeof data.username !== 'string' || !data.username) throw new Error('The invitation answer names no user');
  return {
    username: data.username,
    expired: data.expired === true,
    allowedLoginMethods: Array.isArray(data.allowedLoginMethods) ? data.allowedLoginMethods.filter((m): m is string => typeof m === 'string') : [],
  };
}
