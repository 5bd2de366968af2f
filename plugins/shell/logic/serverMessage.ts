import { failureMessage } from '@core/http/callFailure';

/** The API's `{ message }` of a failed call, else a generic line (the UI shows it as it is). */
export function serverMessage(error: unknown): string {
  return failureMessage(error, {
    fallback: 'The application has encountered an unknown error',
    unreachable: 'No connection, please make sure you have a valid internet connection and try again',
  });
}
