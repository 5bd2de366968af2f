import type { HttpService } from '@core/http/HttpService';
import type { AuthAnswer } from './types';

export interface ValidateCodeBody {
  totpCode: string;
  remember: boolean;
  username: string;
  captchaToken?: string;
}

/** POST /um/mfa/totp/validateCode with the second-factor (mfa) token of the first step. */
export async function postValidateCode(http: HttpService, mfaToken: string, body: ValidateCodeBody): Promise<AuthAnswer> {
  const response = await http.post<AuthAnswer>('/um/mfa/totp/validateCode', body, {
    // No authMode: an explicit Authorization header is kept as is (DefaultHttpService).
    headers: { Authorization: `Bearer ${mfaToken}` },
    skipGlobalErrors: true,
  });
  return response.data;
}
