import type { HttpService } from '@core/http/HttpService';
import type { AuthAnswer } from './types';

export interface ValidateRecoveryCodeBody {
  totpRecoveryCode: string;
  captchaToken?: string;
}

/** POST /um/mfa/totp/validateRecoveryCode; the session adds the pending second-factor token. */
export async function postValidateRecoveryCode(http: HttpService, body: ValidateRecoveryCodeBody): Promise<AuthAnswer> {
  const response = await http.post<AuthAnswer>('/um/mfa/totp/validateRecoveryCode', body, { authMode: { kind: 'secondFactor' }, skipGlobalErrors: true });
  return response.data;
}
