import type { HttpService } from '@core/http/HttpService';

/** POST /um/mfa/validatePassword (bearer): answers the 10-minute recovery token. */
export async function postValidatePassword(http: HttpService, password: string): Promise<string> {
  const response = await http.post<{ token: string }>('/um/mfa/validatePassword', { password }, { skipGlobalErrors: true });
  return response.data.token;
}
