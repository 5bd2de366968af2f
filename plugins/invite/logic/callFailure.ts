import { callFailure } from '@core/http/callFailure';

import { InviteTexts } from './texts';

/** Spec §8 "shows server message": the server's message whatever the status (5xx too); only a failure without one gets the unknown-error text. */
export function serverMessage(error: unknown): string {
  return callFailure(error).message ?? InviteTexts.unknownError;
}
