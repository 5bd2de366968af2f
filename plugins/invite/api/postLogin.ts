import type { HttpService } from '@core/http/HttpService';
import type { AuthAnswer } from './types';

export interface LoginBody {
  username: string;
  password: string;
  captchaToken?: string;
}

/** POST /um/login (public) with the invitation's e-mail and the password just chosen. */
export async function postLogin(http: HttpService, body: LoginBody): Promise<AuthAnswer> {
  const response = await http.post<AuthAnswer>('/um/login', body, { authMode: { kind: 'public' }, skipGlobalErrors: true });
  return response.data;
}
