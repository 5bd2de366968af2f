import { isAxiosError } from 'axios';

/** The server's message for a failed call (4xx carry one the user can act on), else a generic text. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Try again.'): string {
  if (isAxiosError(error)) {
    const message = (error.response?.data as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string' && message) return message;
    if (!error.response) return 'The server could not be reached.';
  }
  return fallback;
}
