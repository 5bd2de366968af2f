import type { HttpService } from '@core/http/HttpService';
import type { AuthAnswer } from './types';

export interface ValidateCodeBody {
  totpCode: string;
  remember: boolean;
  username: string;
  captchaToken?: string;
}

/** POST /um/mfa/totp/validateCode; the session adds the pending second-factor token. */
export async function postValidateCode(http: HttpService, body: ValidateCodeBody): Promise<AuthAnswer> {
  const response = await http.post<AuthAnswer>('/um/mfa/totp/validateCode', body, { authMode: { kind: 'secondFactor' }, skipGlobalErrors: true });
  return response.data;
}
