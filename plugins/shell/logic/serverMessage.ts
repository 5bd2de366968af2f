import { isAxiosError } from 'axios';

/** The API's `{ message }` of a failed call, else a generic line (the UI shows it as it is). */
export function serverMessage(error: unknown): string {
  if (isAxiosError(error)) {
    const data = error.response?.data as { message?: unknown } | undefined;
    if (data && typeof data.message === 'string' && data.message.trim()) return data.message;
    if (!error.response) return 'No connection, please make sure you have a valid internet connection and try again';
  }
  return 'The application has encountered an unknown error';
}
