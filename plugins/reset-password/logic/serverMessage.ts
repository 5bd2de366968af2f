import { isAxiosError } from 'axios';

/** Status and server message of a failed call (`status` 0 when no answer arrived). */
export interface CallFailure {
  status: number;
  message: string | null;
}

export function callFailure(error: unknown): CallFailure {
  if (!isAxiosError(error)) return { status: 0, message: null };
  const message = (error.response?.data as { message?: unknown } | undefined)?.message;
  return { status: error.response?.status ?? 0, message: typeof message === 'string' && message.trim() ? message : null };
}
