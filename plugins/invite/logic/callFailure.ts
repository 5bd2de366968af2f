import { isAxiosError } from 'axios';
import { InviteTexts } from './texts';

/** Status and server message of a failed call (status 0: no answer, or not a call at all). */
export interface CallFailure {
  status: number;
  message: string | null;
}

export function callFailure(error: unknown): CallFailure {
  if (!isAxiosError(error) || !error.response) return { status: 0, message: null };
  const message = (error.response.data as { message?: unknown } | undefined)?.message;
  return { status: error.response.status, message: typeof message === 'string' && message.trim() ? message : null };
}

/** Spec §8: the server's message; 5xx and silent failures get the unknown-error text. */
export function serverMessage(error: unknown): string {
  const { status, message } = callFailure(error);
  return message && status < 500 ? message : InviteTexts.unknownError;
}
