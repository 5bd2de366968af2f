import { readFile } from 'node:fs/promises';
import { importJWK, SignJWT } from 'jose';

import { buildAuthorizationUrl, createPkce, runAuthorizationCodeFlow } from './authorizationCodeFlow';
import type { DevIssuerKey } from './devIdpIssuers';
import { DEV_IDP_PASSWORD } from './devIdpUsers';

/**
 * Helpers for tests that sign in through the development IdP from node: a full
 * authorisation-code flow with PKCE, the public-client code exchange the console does, and
 * tokens signed with an issuer's real key (for claims a real flow never produces).
 */

export interface RedirectLookup {
  authorizationEndpoint: string;
  clientId: string;
  nonce: string;
}

export interface CodeGrant {
  code: string;
  codeVerifier: string;
  redirectUri: string;
}

/** Browser part of a sign-in: authorize, fill the IdP's form, come back with a code. */
export async function obtainCode(
  lookup: RedirectLookup,
  redirectUri: string,
  email: string,
  extraParams?: Record<string, string>,
): Promise<CodeGrant> {
  const pkce = createPkce();
  const url = buildAuthorizationUrl({
    authorizationEndpoint: lookup.authorizationEndpoint,
    clientId: lookup.clientId,
    redirectUri,
    codeChallenge: pkce.challenge,
    state: `st|provider=test|/gluon`,
    nonce: lookup.nonce,
    extraParams,
  });
  const result = await runAuthorizationCodeFlow(url, redirectUri, { email, password: DEV_IDP_PASSWORD });
  if (!result.code) throw new Error(`No code: ${result.callbackUrl.href}`);
  return { code: result.code, codeVerifier: pkce.verifier, redirectUri };
}

/** The console's exchange as a public client (PKCE, no secret), with its Origin header (CORS). */
export async function exchangeAsPublicClient(
  tokenEndpoint: string,
  clientId: string,
  grant: CodeGrant,
  origin: string,
): Promise<{ idToken: string; allowOrigin: string | null }> {
  const response = await fetch(tokenEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: grant.code,
      code_verifier: grant.codeVerifier,
      redirect_uri: grant.redirectUri,
      client_id: clientId,
    }),
  });
  const json = (await response.json()) as { id_token?: string; error?: string };
  if (!response.ok || !json.id_token)
    throw new Error(`Token exchange failed: ${response.status} ${JSON.stringify(json)}`);
  return { idToken: json.id_token, allowOrigin: response.headers.get('access-control-allow-origin') };
}

/** Signs an ID token with the issuer's own private key (read from the dev IdP's key file). */
export async function signWithIssuerKey(
  keyFile: string,
  issuerKey: DevIssuerKey,
  claims: Record<string, unknown>,
  header: Record<string, unknown> = {},
): Promise<string> {
  const keys = JSON.parse(await readFile(keyFile, 'utf8')) as Record<
    DevIssuerKey,
    Record<string, unknown> & { kid: string }
  >;
  const jwk = keys[issuerKey];
  const key = await importJWK(jwk, 'RS256');
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ iat: now, exp: now + 600, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, ...header })
    .sign(key);
}
