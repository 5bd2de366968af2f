import { createRemoteJWKSet, errors as joseErrors, type JWTPayload, jwtVerify } from 'jose';

import { HttpError } from '../../contracts';

/** Signature algorithms accepted from identity providers (Google, Okta and Auth0 sign with RS256). */
export const ID_TOKEN_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'ES256', 'ES384'];
const CLOCK_TOLERANCE_S = 30;
/** An ID token older than this is refused even when not expired: it was meant for an earlier sign-in. */
const MAX_TOKEN_AGE_S = 15 * 60;
export const MAX_ID_TOKEN_LENGTH = 16 * 1024;

const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function remoteKeys(jwksUri: string): ReturnType<typeof createRemoteJWKSet> {
  let set = keySets.get(jwksUri);
  if (!set) {
    // jose refetches on an unknown kid (key rotation), at most once per cooldown.
    set = createRemoteJWKSet(new URL(jwksUri), {
      timeoutDuration: 5000,
      cooldownDuration: 30_000,
      cacheMaxAge: 10 * 60_000,
    });
    keySets.set(jwksUri, set);
  }
  return set;
}

export interface IdTokenExpectation {
  issuer: string;
  clientId: string;
  jwksUri: string;
}

export interface VerifiedIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  nonce: string | null;
  claims: JWTPayload;
}

/**
 * Verifies an ID token: signature against the provider's JWKS with an algorithm allow-list,
 * issuer, audience (our client id; `azp` when there are several audiences), expiry and age.
 * Any failure is a 401 with a message that does not help an attacker tune the token.
 */
export async function verifyIdToken(idToken: string, expected: IdTokenExpectation): Promise<VerifiedIdentity> {
  if (idToken.length > MAX_ID_TOKEN_LENGTH) throw new HttpError(401, 'Invalid ID token');
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, remoteKeys(expected.jwksUri), {
      issuer: [expected.issuer, expected.issuer.replace(/\/+$/, '')],
      audience: expected.clientId,
      algorithms: ID_TOKEN_ALGORITHMS,
      clockTolerance: CLOCK_TOLERANCE_S,
      maxTokenAge: MAX_TOKEN_AGE_S,
      requiredClaims: ['sub', 'iat', 'exp'],
    }));
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw new HttpError(401, 'ID token expired');
    if (error instanceof joseErrors.JOSEError) throw new HttpError(401, 'Invalid ID token');
    if (error instanceof TypeError) throw new HttpError(401, 'Invalid ID token');
    throw error;
  }
  if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== expected.clientId)
    throw new HttpError(401, 'Invalid ID token');
  if (typeof payload.sub !== 'string' || payload.sub.length === 0 || payload.sub.length > 255)
    throw new HttpError(401, 'Invalid ID token');
  const email =
    typeof payload.email === 'string' && payload.email.length <= 320 ? payload.email.trim().toLowerCase() : null;
  // Google has sent email_verified as the string "true" in some tokens.
  const emailVerified = payload.email_verified === true || payload.email_verified === 'true';
  return {
    subject: payload.sub,
    email,
    emailVerified,
    nonce: typeof payload.nonce === 'string' ? payload.nonce : null,
    claims: payload,
  };
}
