import { failureMessage } from '@core/http/callFailure';

/** The server's message for a failed call (a bound, the time budget), else a generic text. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Try again.'): string {
  return failureMessage(error, { fallback, unreachable: 'The server could not be reached.' });
}
