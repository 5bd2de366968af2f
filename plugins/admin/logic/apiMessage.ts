import { isAxiosError } from 'axios';

/** The API's `message` for a failed call (what the form shows), or a generic sentence. */
export function apiMessage(error: unknown): string {
  if (isAxiosError(error)) {
    const data = error.response?.data as { message?: unknown } | undefined;
    if (typeof data?.message === 'string' && data.message) return data.message;
    if (!error.response) return 'No connection, please make sure you have a valid internet connection and try again';
  }
  return 'The application has encountered an unknown error';
}
