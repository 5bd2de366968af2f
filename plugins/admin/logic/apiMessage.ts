import { ACCOUNT_ERROR_TEXTS, errorText } from '@core/http/errorText';

/** The API's `message` for a failed call (what the form shows, bounded), or a generic sentence. */
export function apiMessage(error: unknown): string {
  return errorText(error, ACCOUNT_ERROR_TEXTS);
}
