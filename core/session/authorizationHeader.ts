import type { AuthMode } from './AuthMode';

/** The credentials a session holds at one moment (null when absent). */
export interface HeldCredentials {
  access: string | null;
  recovery: string | null;
  secondFactor: string | null;
}

/**
 * The `Authorization` value for a request's auth mode (spec §7), or null to send none. Pure, so
 * the real session and the test harness's fake answer alike.
 */
export function authorizationHeader(mode: AuthMode, held: HeldCredentials): string | null {
  switch (mode.kind) {
    case 'bearer':
      return bearer(held.access);
    case 'public':
      return null;
    case 'quickLink':
      return bearer(mode.token);
    case 'recovery':
      return bearer(held.recovery);
    case 'secondFactor':
      return bearer(held.secondFactor);
    default:
      // A typo'd mode must not silently send the access token (or nothing) somewhere unexpected.
      throw new Error(`Unknown auth mode: ${JSON.stringify((mode as { kind?: unknown }).kind)}`);
  }
}

function bearer(token: string | null | undefined): string | null {
  return typeof token === 'string' && token ? `Bearer ${token}` : null;
}
