import { failureMessage } from '@core/http/callFailure';

/** The API's message for a failed call, or a sentence the page can show. */
export function apiMessage(error: unknown): string {
  return failureMessage(error, {
    fallback: 'Electron could not be reached. Try again in a minute.',
    unreachable: 'The server cannot be reached. Check your connection.',
    hideServerErrors: true,
  });
}
