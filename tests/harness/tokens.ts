import type { TokenClaims } from '@core/session/SessionService';

function base64url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * An unsigned JWT carrying the given permissions. The console only decodes tokens (the API
 * verifies them), so tests of the console need no key.
 */
export function makeTestToken(perms: readonly string[], claims: Partial<TokenClaims> = {}): string {
  const now = Math.floor(Date.now() / 1000);
  const header = base64url(JSON.stringify({ alg: 'none', typ: 'JWT' }));
  const payload = base64url(
    JSON.stringify({ sub: 'user-1', tenant: 'acme', sid: 'session-1', typ: 'access', iat: now, exp: now + 3600, perms, ...claims }),
  );
  return `${header}.${payload}.`;
}

export function decodeClaims(token: string): TokenClaims | null {
  try {
    const part = token.split('.')[1];
    if (!part) return null;
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(json, (c) => c.charCodeAt(0));
    const claims = JSON.parse(new TextDecoder().decode(bytes)) as TokenClaims;
    return { ...claims, perms: Array.isArray(claims.perms) ? claims.perms : [] };
  } catch {
    return null;
  }
}
