import { failureMessage } from '@core/http/callFailure';

/** The server's message for a refused call (a bad bundle says what is wrong), else a generic text. */
export function errorText(error: unknown): string {
  return failureMessage(error, { fallback: 'The request failed. Try again.' });
}
