import type { HttpService } from '@core/http/HttpService';

/** POST /um/invite/{token}/setPassword (public, single use): activates the invited user. */
export async function postSetPassword(http: HttpService, inviteId: string, newPassword: string): Promise<void> {
  await http.post(`/um/invite/${encodeURIComponent(inviteId)}/setPassword`, { newPassword }, { authMode: { kind: 'public' }, skipGlobalErrors: true });
}
