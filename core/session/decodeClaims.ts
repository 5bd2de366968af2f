import { jwtDecode } from 'jwt-decode';

import type { AuthResult, TokenClaims } from './SessionService';

/** Claims of a token as the console reads them; `null` when absent or undecodable.
 *  The console never trusts these for security, it only shapes the UI; the API verifies. */
export function decodeClaims(token: string | null): TokenClaims | null {
  if (!token) return null;
  try {
    const claims = jwtDecode<Record<string, unknown>>(token);
    if (claims === null || typeof claims !== 'object') return null;
    const perms = Array.isArray(claims.perms) ? claims.perms.filter((p): p is string => typeof p === 'string') : [];
    return { ...claims, perms } as TokenClaims;
  } catch {
    return null;
  }
}

/** First permission `umg#otp#r`: a login awaiting its second factor (no refresh then). */
export const SECOND_FACTOR_PERMISSION = 'umg#otp#r';

export function isSecondFactorOnly(claims: TokenClaims | null): boolean {
  return claims?.perms[0] === SECOND_FACTOR_PERMISSION;
}

/** A sign-in answer that asks for the second factor: the API's flag, or the token's first
 *  permission (spec §4), so an API that only does one of the two is still understood. */
export function isSecondFactorAnswer(result: Pick<AuthResult, 'mfaRequired'>, claims: TokenClaims | null): boolean {
  return result.mfaRequired === true || isSecondFactorOnly(claims);
}

/** True when the token carries an `exp` in the past. */
export function isExpired(claims: TokenClaims | null, now = Date.now()): boolean {
  return typeof claims?.exp === 'number' && claims.exp * 1000 <= now;
}

/**
 * The API that issued the token, where its refresh and logout go: the API signs with issuer
 * `{its URL}/um` (server/plugins/tokens.ts), so this answers `{its URL}` ('' for a token with no
 * issuer, or one not ending in `/um`: the console's own API). An absolute issuer stays absolute.
 */
export function issuerOrigin(claims: TokenClaims | null): string {
  const iss = typeof claims?.iss === 'string' ? claims.iss.trim().replace(/\/+$/, '') : '';
  return iss.endsWith('/um') ? iss.slice(0, -'/um'.length) : '';
}
