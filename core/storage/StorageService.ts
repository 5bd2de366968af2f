import type { Observable } from 'rxjs';

import { createServiceToken } from '../di/ServiceToken';

/**
 * Every local-storage key of spec §3. The names (typos included) are the product's. `token`,
 * `recoveryToken`, `profile` and `rememberedDevices` hold credentials: only the session reads or
 * writes them (scripts/check-boundaries.mjs enforces it); everyone else asks SessionService.
 */
export const StorageKeys = {
  token: 'zo-token',
  recoveryToken: 'zo-recovery-token',
  profile: 'zo-profile',
  rememberedDevices: 'zo-remember-2fa',
  theme: 'jetp-theme',
  envType: 'envType',
  oauthProvider: 'oauth-provider',
  oktaClientIssuer: 'okta-client-issuer',
  domain: 'domain',
  sessionStart: 'sesionStart',
  afLogin: 'zo-aflogin',
  monitoring: 'zo-mnt',
  onboarding: 'ce-onboarding',
  timeZone: 'zo-timezone',
  dateFormat: 'zo-date-format',
  /** `{ tabId, until }`: the tab allowed to refresh the token this period (cross-tab lease). */
  refreshLease: 'zo-refresh-lease',
} as const;

export type StorageKey = (typeof StorageKeys)[keyof typeof StorageKeys];

/** Keys removed by logout and forced logout ("token, profile and all flags"). The remembered
 *  devices, theme, time zone and date format are preferences and survive sign-out. */
export const SessionScopedKeys: readonly StorageKey[] = [
  StorageKeys.token,
  StorageKeys.recoveryToken,
  StorageKeys.profile,
  StorageKeys.envType,
  StorageKeys.oauthProvider,
  StorageKeys.oktaClientIssuer,
  StorageKeys.domain,
  StorageKeys.sessionStart,
  StorageKeys.afLogin,
  StorageKeys.monitoring,
  StorageKeys.onboarding,
  StorageKeys.refreshLease,
];

/** Cookie lifetime of spec §9 ("Access cookie lifetime: 1 day"), in seconds. */
export const ACCESS_COOKIE_MAX_AGE_S = 24 * 60 * 60;

export const ACCESS_TOKEN_COOKIE = 'access_token';

/**
 * The theme, mirrored from localStorage into a cookie so that the API can send a document's copy
 * of the first screen (/login painted before the script) in the reader's theme instead
 * of flashing the light one. Not a secret; read by server/plugins/staticAssets.ts.
 */
export const THEME_COOKIE = 'jetp-theme';
export const THEME_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** localStorage and the access cookie: persistence and cross-tab sync, never a message bus. */
export interface StorageService {
  get(key: StorageKey): string | null;
  set(key: StorageKey, value: string): void;
  remove(key: StorageKey): void;
  /** Emits the key's value now and whenever it changes, in this tab or another one. */
  watch(key: StorageKey): Observable<string | null>;
  /** Per-username remembered-device tokens; a malformed stored map is discarded. Session only. */
  getRememberToken(username: string): string | null;
  setRememberToken(username: string, token: string | null): void;
  /** The site-wide `access_token` cookie (path `/`, 1 day). `null` deletes it. Session only. */
  setAccessCookie(token: string | null): void;
  getAccessCookie(): string | null;
  /** The site-wide `jetp-theme` cookie (path `/`, 1 year): the theme the API paints a document's copy in. */
  setThemeCookie(theme: 'light' | 'dark'): void;
}

export const StorageServiceToken = createServiceToken<StorageService>('storage');
