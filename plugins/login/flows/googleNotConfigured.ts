import { callFailure } from '@core/http/callFailure';

/** What the look-ups throw when the API's answer has no Google client. */
export const GOOGLE_NOT_CONFIGURED = 'Google sign-in is not configured';

/** The client look-up answers 404 when the API has no Google client (say so plainly). */
export function isGoogleNotConfigured(error: unknown): boolean {
  return callFailure(error).status === 404 || (error instanceof Error && error.message === GOOGLE_NOT_CONFIGURED);
}
