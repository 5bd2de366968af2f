import type { HttpService } from '@core/http/HttpService';

/** POST /um/passwordRecovery (public): mails a reset link to the account's address. */
export async function postPasswordRecovery(http: HttpService, username: string): Promise<void> {
  await http.post('/um/passwordRecovery', { username }, { authMode: { kind: 'public' }, skipGlobalErrors: true });
}
