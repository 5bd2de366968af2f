import type { HttpService } from '@core/http/HttpService';
import type { ApiProvider } from './types';

export interface ValidateOAuth2Body {
  provider: ApiProvider;
  code: string;
  codeVerifier: string;
  redirectUri: string;
  nonce: string;
}

/**
 * POST /um/mfa/validateOAuth2 (bearer) with the provider's code: the API exchanges it (PKCE) and
 * checks the identity is linked to this user; answers the 10-minute recovery token.
 */
export async function postValidateOAuth2(http: HttpService, body: ValidateOAuth2Body): Promise<string> {
  const response = await http.post<{ token: string }>('/um/mfa/validateOAuth2', body, { skipGlobalErrors: true });
  return response.data.token;
}
