import type { HttpService } from '@core/http/HttpService';
import type { AuthAnswer } from './types';

export interface ValidateRecoveryCodeBody {
  totpRecoveryCode: string;
  captchaToken?: string;
}

/** POST /um/mfa/totp/validateRecoveryCode with the second-factor (mfa) token. */
export async function postValidateRecoveryCode(http: HttpService, mfaToken: string, body: ValidateRecoveryCodeBody): Promise<AuthAnswer> {
  const response = await http.post<AuthAnswer>('/um/mfa/totp/validateRecoveryCode', body, {
    // No authMode: an explicit Authorization header is kept as is (DefaultHttpService).
    headers: { Authorization: `Bearer ${mfaToken}` },
    skipGlobalErrors: true,
  });
  return response.data;
}
