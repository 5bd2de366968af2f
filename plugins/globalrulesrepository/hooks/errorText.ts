import { isAxiosError } from 'axios';

/** The server's message for a refused call (a bad bundle says what is wrong), else a generic text. */
export function errorText(error: unknown): string {
  if (isAxiosError(error)) {
    const message = (error.response?.data as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string' && message) return message;
  }
  return 'The request failed. Try again.';
}
