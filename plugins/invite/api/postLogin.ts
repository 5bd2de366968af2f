import type { HttpService } from '@core/http/HttpService';
import type { AuthAnswer } from './types';

/** POST /um/login (public) with the invitation's e-mail and the password just chosen. */
export async function postLogin(http: HttpService, username: string, password: string): Promise<AuthAnswer> {
  const response = await http.post<AuthAnswer>('/um/login', { username, password }, { authMode: { kind: 'public' }, skipGlobalErrors: true });
  return response.data;
}
