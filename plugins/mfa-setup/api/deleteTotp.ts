import type { HttpService } from '@core/http/HttpService';

/** DELETE /um/mfa/totp (recovery token): turns MFA off and forgets remembered devices. */
export async function deleteTotp(http: HttpService): Promise<void> {
  await http.delete('/um/mfa/totp', { authMode: { kind: 'recovery' }, skipGlobalErrors: true });
}
