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

// The toasts and their 2 s debounce live with the GlobalErrorReporter (core/errors), which the
// session's refresh uses too.
export { GLOBAL_TOAST_DEBOUNCE_MS, NO_CONNECTION_TOAST, NO_PERMISSIONS_TOAST } from '../errors/GlobalErrorReporter';
