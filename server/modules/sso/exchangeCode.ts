import { HttpError } from '../../contracts';

export interface CodeExchange {
  tokenEndpoint: string;
  clientId: string;
  /** Confidential clients authenticate with HTTP Basic; public clients send only client_id. */
  clientSecret: string | null;
  code: string;
  codeVerifier: string;
  redirectUri: string;
}

const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * Exchanges an authorisation code at the provider's token endpoint (PKCE verifier and redirect
 * URI passed through) and returns the ID token. A refused code is the caller's problem (401);
 * an unreachable provider is 502.
 */
export async function exchangeCode(exchange: CodeExchange): Promise<string> {
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code: exchange.code,
    code_verifier: exchange.codeVerifier,
    redirect_uri: exchange.redirectUri,
  });
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  if (exchange.clientSecret) {
    // RFC 6749 2.3.1: both parts form-encoded before Basic.
    const user = encodeURIComponent(exchange.clientId);
    const pass = encodeURIComponent(exchange.clientSecret);
    headers.authorization = `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;
  } else {
    body.set('client_id', exchange.clientId);
  }
  let response: Response;
  try {
    response = await fetch(exchange.tokenEndpoint, {
      method: 'POST',
      headers,
      body,
      redirect: 'error',
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    throw new HttpError(502, 'The identity provider is not reachable');
  }
  const text = await response.text();
  if (text.length > MAX_RESPONSE_BYTES) throw new HttpError(502, 'The identity provider answered too much');
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // fall through: handled below by status
  }
  if (response.status >= 500) throw new HttpError(502, 'The identity provider failed');
  if (!response.ok) throw new HttpError(401, 'The identity provider refused the authorization code');
  if (typeof json.id_token !== 'string') throw new HttpError(401, 'The identity provider returned no ID token');
  return json.id_token;
}
