import type { HttpService } from '@core/http/HttpService';

export interface ValidatePasswordBody {
  password: string;
  captchaToken?: string;
}

/** POST /um/mfa/validatePassword (bearer): answers the 10-minute recovery token. */
export async function postValidatePassword(http: HttpService, body: ValidatePasswordBody): Promise<string> {
  const response = await http.post<{ token: string }>('/um/mfa/validatePassword', body, { skipGlobalErrors: true });
  return response.data.token;
}
