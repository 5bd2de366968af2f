import { DOWNLOAD_ERROR } from '@core/downloads/DownloadService';
import type { CallFailure } from '@core/http/callFailure';
import { boundErrorText } from '@core/http/errorText';

import { linkMessage } from './linkMessage';
import { CollectorTexts } from './texts';

/** The API's validation answers start with the refused field ('body email must match format "email"'). */
const FIELD_TEXTS: ReadonlyArray<[prefix: string, text: string]> = [
  ['body email ', CollectorTexts.emailInvalid],
  ['body fullName ', CollectorTexts.fullNameRequired],
  ['body phone ', CollectorTexts.phoneInvalid],
];

/**
 * The inline error box under the Download button. A link that stopped working meanwhile (403/404:
 * expired, disabled, limit reached) says so as the link check would; a refused quick-link token
 * (401) reads as an expired link; refused details (400) are not a missing file: they say which
 * field, with the form's own text, or the server's reason; anything else is the panel's
 * 'Error - File Not Found'.
 */
export function downloadErrorMessage(failure: CallFailure): string {
  if (failure.status === 403 || (failure.status === 404 && failure.message)) return linkMessage(failure);
  if (failure.status === 401) return CollectorTexts.linkExpired;
  if (failure.status === 400 && failure.message) return fieldText(failure.message) ?? boundErrorText(failure.message);
  return DOWNLOAD_ERROR;
}

function fieldText(message: string): string | undefined {
  return FIELD_TEXTS.find(([prefix]) => message.startsWith(prefix))?.[1];
}
