/**
 * Calls whose 401/403 the caller handles itself (spec §8: "except some MDM, invite, collector
 * and consent URLs and MFA calls"), plus the sign-in calls, whose 401 means "wrong password",
 * not "session over".
 */
export const GLOBAL_ERROR_EXCEPTIONS: readonly string[] = [
  '/mdm',
  '/um/invite',
  '/sharedExtractorLinks',
  '/extractors/quickdownload',
  '/consent',
  '/um/mfa/',
  '/um/login',
  '/um/oauth2Login',
  '/um/passwordRecovery',
];

/** True when a 401/403 from this URL must not trigger the global handling. */
export function isGlobalErrorException(url: string | undefined): boolean {
  if (!url) return false;
  let path: string;
  try {
    path = new URL(url, 'http://console.invalid').pathname;
  } catch {
    path = url;
  }
  return GLOBAL_ERROR_EXCEPTIONS.some((fragment) => path.includes(fragment));
}

/** Same toast at most once per this many ms (spec §9). */
export const GLOBAL_TOAST_DEBOUNCE_MS = 2000;

export const NO_PERMISSIONS_TOAST = {
  title: 'No Permissions',
  message: "You don't have permissions to view this page or perform this action.",
} as const;

export const NO_CONNECTION_TOAST = {
  title: 'No Connection',
  message: 'Please make sure you have a valid internet connection and try again',
} as const;
