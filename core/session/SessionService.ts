import type { Observable } from 'rxjs';

import { createServiceToken } from '../di/ServiceToken';
import type { AuthMode } from './AuthMode';

export type { AuthMode } from './AuthMode';

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

/** What the API answers to login, refresh, the identity-provider and the second-factor calls. */
export interface AuthResult {
  token: string;
  user: Profile;
  rememberToken?: string;
  /**
   * True when `token` is a second-factor token, not a session (docs/api-conventions.md). The
   * console also treats a token whose first permission is `umg#otp#r` so (spec §4).
   */
  mfaRequired?: boolean;
  /** With `mfaRequired`: the second factors the token accepts (recovery codes always). */
  mfaMethods?: readonly SecondFactorMethod[];
  /** The tenant requires a passkey and the user has none yet: the console asks them to add one. */
  passkeyRequired?: boolean;
}

/** A second factor the API may accept after the first (`mfaMethods`). */
export type SecondFactorMethod = 'totp' | 'passkey';
export const SECOND_FACTOR_METHODS: readonly SecondFactorMethod[] = ['totp', 'passkey'];

/** Sign-in providers as the console records them (`oauth-provider`, spec §3). */
export type SignInProvider = 'google' | 'okta' | 'jamf';

/** What the flow knows about a sign-in besides the API's answer. */
export interface SignInContext {
  /** The name typed on the form; the answer's `user.username` wins when present. */
  username?: string;
  /** Where to go once signed in (untrusted: the flow sanitises it). */
  returnUrl?: string | null;
  /** Identity provider used, recorded as `oauth-provider` once the session starts. */
  provider?: SignInProvider;
}

/** A sign-in awaiting its second factor. The mfa token itself never leaves the session. */
export interface PendingSecondFactor {
  username: string;
  returnUrl: string | null;
  provider?: SignInProvider;
  /** The second factors the API accepts, when it said (an older answer did not: the code only). */
  methods?: readonly SecondFactorMethod[];
}

export type SignInOutcome =
  | { kind: 'signed-in'; claims: TokenClaims; profile: Profile; returnUrl: string | null; provider?: SignInProvider }
  | { kind: 'second-factor'; pending: PendingSecondFactor };

export interface LogoutOptions {
  /** Path to come back to after signing in again. */
  returnUrl?: string;
}

/**
 * The one owner of the console's credentials: the access token (mirrored to `zo-token` and the
 * `access_token` cookie for reloads and other tabs), the pending second-factor token, the recovery
 * token of 2FA set-up, and the remembered-device tokens. Plugins never touch those storage keys
 * or the cookie: they adopt API answers here and the HTTP layer asks here for a request's header.
 */
export interface SessionService {
  readonly token$: Observable<string | null>;
  readonly profile$: Observable<Profile | null>;
  /** Decoded claims of the current access token (null when absent or undecodable). */
  readonly claims$: Observable<TokenClaims | null>;
  /** True when a token and a profile are both stored (spec §4). */
  readonly signedIn$: Observable<boolean>;
  /** The sign-in waiting for its second factor, if any. */
  readonly secondFactor$: Observable<PendingSecondFactor | null>;
  /** True while a recovery token (2FA set-up) is held. */
  readonly recoveryActive$: Observable<boolean>;

  token(): string | null;
  profile(): Profile | null;
  claims(): TokenClaims | null;
  secondFactor(): PendingSecondFactor | null;

  /**
   * Adopts a sign-in answer. A second-factor answer is held (in memory, and in sessionStorage so
   * `/login/callback` can hand it to `/login`) and reported as `second-factor`; anything else
   * starts the session: token, profile, cookie, remembered-device token, provider and session
   * start are stored, the pending second factor is dropped, and periodic refresh starts.
   * Second factor: `mfaRequired === true`, or the token's first permission is `umg#otp#r`.
   * Throws on an answer without a token (or, for a session, without a user).
   */
  adopt(result: AuthResult, context?: SignInContext): SignInOutcome;
  /** Exchanges a token handed over in a link (`?token=`) at `/um/refresh` and adopts the answer.
   *  Rejects with the call's error (an axios error with the answer's status) when the link is refused. */
  adoptLinkToken(token: string): Promise<SignInOutcome>;
  /** Forgets the pending second factor (back to the login form). */
  cancelSecondFactor(): void;
  /** Replace the profile (e.g. totpEnabled after MFA set-up). */
  updateProfile(patch: Partial<Profile>): void;
  /** The `Authorization` header value for a request's auth mode; null sends none. */
  authorization(mode: AuthMode): string | null;
  /** Remembered-device token for this user, sent with the next password or provider sign-in. */
  rememberedDevice(username: string): string | null;
  /** Forgets this user's remembered device (2FA turned off). */
  forgetDevice(username: string): void;
  /** Holds (or with null drops) the recovery token of 2FA set-up, sent for `{ kind: 'recovery' }`. */
  setRecoveryToken(token: string | null): void;
  /** Drops an expired stored token (the login page does this on load, spec §2). */
  dropExpired(): void;
  /** Calls `{iss}/refresh` (or `/um/refresh`) and replaces token and cookie. */
  refresh(): Promise<void>;
  /** Calls `{iss}/logout`, clears the session and goes to `/login?reauth=false`. */
  logout(options?: LogoutOptions): Promise<void>;
  /** Clears the session without asking the server and goes to login (spec §2). */
  forceLogout(options?: LogoutOptions): void;
}

export const SessionServiceToken = createServiceToken<SessionService>('session');

/** Refresh period (spec §9). */
export const REFRESH_INTERVAL_MS = 3 * 60 * 1000;
/** Paths where periodic refresh does not run (spec §2). */
export const NO_REFRESH_PATHS: readonly RegExp[] = [/^\/login\/?$/, /^\/login\/callback\/?$/, /^\/invite\/[^/]+\/?$/];
