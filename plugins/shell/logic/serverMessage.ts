import { ACCOUNT_ERROR_TEXTS, errorText } from '@core/http/errorText';

/** The API's `{ message }` of a failed call (bounded), else a generic line. */
export function serverMessage(error: unknown): string {
  return errorText(error, ACCOUNT_ERROR_TEXTS);
}
