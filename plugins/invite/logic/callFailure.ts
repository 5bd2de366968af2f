import { callFailure } from '@core/http/callFailure';
import { InviteTexts } from './texts';

/** Spec §8: the server's message; 5xx and silent failures get the unknown-error text. */
export function serverMessage(error: unknown): string {
  const { status, message } = callFailure(error);
  return message && status < 500 ? message : InviteTexts.unknownError;
}
