import type { HttpService } from '@core/http/HttpService';

export interface PasswordRecoveryBody {
  username: string;
  captchaToken?: string;
}

/** POST /um/passwordRecovery (public): mails a reset link to the account's address. */
export async function postPasswordRecovery(http: HttpService, body: PasswordRecoveryBody): Promise<void> {
  await http.post('/um/passwordRecovery', body, { authMode: { kind: 'public' }, skipGlobalErrors: true });
}
