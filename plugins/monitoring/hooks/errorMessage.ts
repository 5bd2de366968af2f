import { failureMessage } from '@core/http/callFailure';

/** A failed monitoring call as its pages say it. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Try again.'): string {
  return failureMessage(error, { fallback, unreachable: 'The server could not be reached.' });
}
