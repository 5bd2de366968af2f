import type { HttpService } from '@core/http/HttpService';

export interface TokenExchange {
  tokenEndpoint: string;
  code: string;
  codeVerifier: string;
  clientId: string;
  redirectUri: string;
}

/** Authorisation-code exchange at the provider (public client + PKCE); answers the ID token. */
export async function postTokenExchange(http: HttpService, exchange: TokenExchange): Promise<string> {
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code: exchange.code,
    redirect_uri: exchange.redirectUri,
    client_id: exchange.clientId,
    code_verifier: exchange.codeVerifier,
  });
  const response = await http.post<{ id_token?: string }>(exchange.tokenEndpoint, form.toString(), {
    authMode: { kind: 'public' },
    skipGlobalErrors: true,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  const idToken = response.data?.id_token;
  if (typeof idToken !== 'string' || !idToken) throw new Error('The provider answered without an ID token');
  return idToken;
}
