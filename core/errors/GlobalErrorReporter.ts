import { createServiceToken } from '../di/ServiceToken';

/**
 * Spec §8's console-wide reactions to a failed call, in one place for the HTTP service and the
 * session's own calls (refresh). It shows toasts and navigates; it never signs anyone out, so it
 * depends on neither of them (the 401 forced logout stays with the HTTP service, which may call
 * the session; the session handles its own 401/403).
 */
export interface GlobalErrorReporter {
  /**
   * 401/403: 'No Permissions' (error toast). 504: 'No Connection' (info toast) and back to
   * `/login` unless already there. Any other status is the caller's business and is ignored.
   * The same toast shows at most once per {@link GLOBAL_TOAST_DEBOUNCE_MS}.
   */
  report(status: number | undefined): void;
}

export const GlobalErrorReporterToken = createServiceToken<GlobalErrorReporter>('global-errors');

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
