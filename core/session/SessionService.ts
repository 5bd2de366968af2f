import type { Observable } from 'rxjs';
import { createServiceToken } from '../di/ServiceToken';

/** The stored user profile (spec §3). */
export interface Profile {
  username: string;
  email: string;
  totpEnabled: boolean;
}

/** Claims the console reads from an access token (spec §3). */
export interface TokenClaims {
  perms: string[];
  tenant?: string;
  /** Issuer: base address for `{iss}/refresh` and `{iss}/logout`. */
  iss?: string;
  /** Expiry, seconds since the epoch. */
  exp?: number;
  [claim: string]: unknown;
}

/** What the API answers to login, refresh and the second-factor calls. */
export interface AuthResult {
  token: string;
  user: Profile;
  rememberToken?: string;
}

export interface LogoutOptions {
  /** Path to come back to after signing in again. */
  returnUrl?: string;
}

export interface SessionService {
  readonly token$: Observable<string | null>;
  readonly profile$: Observable<Profile | null>;
  /** Decoded claims of the current token (null when absent or undecodable). */
  readonly claims$: Observable<TokenClaims | null>;
  /** True when a token and a profile are both stored (spec §4). */
  readonly signedIn$: Observable<boolean>;
  /** Recovery token used by MFA set-up calls. */
  readonly recoveryToken$: Observable<string | null>;

  token(): string | null;
  profile(): Profile | null;
  claims(): TokenClaims | null;

  /** Stores token and profile; starts periodic refresh unless the token is second-factor only. */
  signIn(result: AuthResult): void;
  /** Replace the profile (e.g. totpEnabled after MFA set-up). */
  updateProfile(patch: Partial<Profile>): void;
  /** Calls `{iss}/refresh` (or `/um/refresh`) and replaces token and cookie. */
  refresh(): Promise<void>;
  /** Calls `{iss}/logout`, clears the session and goes to `/login?reauth=false`. */
  logout(options?: LogoutOptions): Promise<void>;
  /** Clears the session without asking the server and goes to login (spec §2). */
  forceLogout(options?: LogoutOptions): void;
  setRecoveryToken(token: string | null): void;
}

export const SessionServiceToken = createServiceToken<SessionService>('session');

/** Refresh period (spec §9). */
export const REFRESH_INTERVAL_MS = 3 * 60 * 1000;
/** Paths where periodic refresh does not run (spec §2). */
export const NO_REFRESH_PATHS: readonly RegExp[] = [/^\/login\/?$/, /^\/login\/callback\/?$/, /^\/invite\/[^/]+\/?$/];
