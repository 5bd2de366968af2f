import { DOWNLOAD_ERROR } from '@core/downloads/DownloadService';
import type { CallFailure } from '@core/http/callFailure';
import { linkMessage } from './linkMessage';
import { CollectorTexts } from './texts';

/**
 * The inline error box under the Download button. A link that stopped working meanwhile (403/404:
 * expired, disabled, limit reached) says so as the link check would; a refused quick-link token
 * (401) reads as an expired link; anything else is the panel's 'Error - File Not Found'.
 */
export function downloadErrorMessage(failure: CallFailure): string {
  if (failure.status === 403 || (failure.status === 404 && failure.message)) return linkMessage(failure);
  if (failure.status === 401) return CollectorTexts.linkExpired;
  return DOWNLOAD_ERROR;
}
