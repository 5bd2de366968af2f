import { isAxiosError } from 'axios';

/** Status and server message of a failed call (`status` 0 when no answer arrived). */
export interface ErrorInfo {
  status: number;
  message: string | null;
}

export function errorInfo(error: unknown): ErrorInfo {
  if (isAxiosError(error)) {
    const data = error.response?.data as { message?: unknown } | undefined;
    return {
      status: error.response?.status ?? 0,
      message: typeof data?.message === 'string' && data.message.trim() ? data.message : null,
    };
  }
  return { status: -1, message: null };
}
