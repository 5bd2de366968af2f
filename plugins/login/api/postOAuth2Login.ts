import type { HttpService } from '@core/http/HttpService';
import type { AuthAnswer } from './types';

export interface OAuth2LoginBody {
  provider: 'Google' | 'Okta';
  idToken: string;
  nonce: string;
  email?: string;
  rememberToken?: string;
  captchaToken?: string;
}

/** POST /um/oauth2Login (public) with an ID token the console obtained itself. */
export async function postOAuth2Login(http: HttpService, body: OAuth2LoginBody): Promise<AuthAnswer> {
  const response = await http.post<AuthAnswer>('/um/oauth2Login', body, { authMode: { kind: 'public' }, skipGlobalErrors: true });
  return response.data;
}
