import type { HttpService } from '@core/http/HttpService';
import type { Profile } from '@core/session/SessionService';

/** POST /um/mfa/totp/verifyQr (recovery token): turns MFA on when the code matches. */
export async function postVerifyQr(http: HttpService, totpCode: string): Promise<{ user?: Profile }> {
  const response = await http.post<{ user?: Profile }>('/um/mfa/totp/verifyQr', { totpCode }, { authMode: { kind: 'recovery' }, skipGlobalErrors: true });
  return response.data ?? {};
}
