import type { HttpService } from '@core/http/HttpService';
import type { AuthAnswer, CodeSignInBody } from './types';

/** POST /um/oauth2Login (public) with the code; the API exchanges it with the vendor IdP. */
export async function postOAuth2LoginWithCode(http: HttpService, body: CodeSignInBody): Promise<AuthAnswer> {
  const response = await http.post<AuthAnswer>('/um/oauth2Login', body, { authMode: { kind: 'public' }, skipGlobalErrors: true });
  return response.data;
}
