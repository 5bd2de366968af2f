import { failureMessage } from '@core/http/callFailure';

/** The API's `message` for a failed call (what the form shows), or a generic sentence. */
export function apiMessage(error: unknown): string {
  return failureMessage(error, {
    fallback: 'The application has encountered an unknown error',
    unreachable: 'No connection, please make sure you have a valid internet connection and try again',
  });
}
