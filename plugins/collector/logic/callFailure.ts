import { isAxiosError } from 'axios';
import type { CallFailure } from './linkMessage';

function messageOf(data: unknown): string | null {
  const message = (data as { message?: unknown } | null | undefined)?.message;
  return typeof message === 'string' && message.trim() ? message : null;
}

/**
 * Status and message of a failed call. Downloads ask for a blob, so their error answers arrive
 * as a Blob holding the JSON error: it is read here.
 */
export async function callFailure(error: unknown): Promise<CallFailure> {
  if (!isAxiosError(error) || !error.response) return { status: 0, message: null };
  const { status, data } = error.response;
  if (typeof Blob !== 'undefined' && data instanceof Blob) {
    try {
      return { status, message: messageOf(JSON.parse(await data.text())) };
    } catch {
      return { status, message: null };
    }
  }
  return { status, message: messageOf(data) };
}
