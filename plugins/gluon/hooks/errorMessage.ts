import { failureMessage } from '@core/http/callFailure';

/** The server's message for a failed call (4xx carry one the user can act on), else a generic text. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Try again.'): string {
  return failureMessage(error, { fallback, unreachable: 'The server could not be reached.' });
}
