import type { TokenClaims } from '@core/session/SessionService';

function base64url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * The console's one test token: an unsigned JWT. The console only decodes tokens (the API
 * verifies them), so its tests need no key. Access-token claims by default (`sub`, `tenant`,
 * `sid`, `typ: 'access'`, `iat`, `exp` one hour ahead, `perms`); the given claims win, and a
 * claim given as `undefined` is left out (`{ iss: undefined }`, `{ exp: undefined }`).
 *
 *   makeTestToken(['gln#rpt#r'])                         // permissions
 *   makeTestToken(['umg#otp#r'], { typ: 'mfa' })         // permissions and claims
 *   makeTestToken({ nonce: 'n-1', email: 'a@b.c' })      // claims only (e.g. an id token)
 */
export function makeTestToken(perms: readonly string[], claims?: Partial<TokenClaims>): string;
export function makeTestToken(claims: Partial<TokenClaims>): string;
export function makeTestToken(
  permsOrClaims: readonly string[] | Partial<TokenClaims>,
  claims: Partial<TokenClaims> = {},
): string {
  const given = Array.isArray(permsOrClaims)
    ? { perms: [...permsOrClaims], ...claims }
    : (permsOrClaims as Partial<TokenClaims>);
  const now = Math.floor(Date.now() / 1000);
  const header = base64url(JSON.stringify({ alg: 'none', typ: 'JWT' }));
  const payload = base64url(
    JSON.stringify({
      sub: 'user-1',
      tenant: 'acme',
      sid: 'session-1',
      typ: 'access',
      iat: now,
      exp: now + 3600,
      perms: [],
      ...given,
    }),
  );
  return `${header}.${payload}.`;
}
