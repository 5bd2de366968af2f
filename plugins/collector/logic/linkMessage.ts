import type { CallFailure } from '@core/http/callFailure';
import { boundErrorText } from '@core/http/errorText';

import { CollectorTexts } from './texts';

/**
 * Spec §8 "Link validation": a 403 is read by its text ('expired', 'not active', 'reached the
 * maximum number'), any other text is shown as sent; other statuses show the server's message.
 */
export function linkMessage({ status, message }: CallFailure): string {
  if (status === 403 && message) {
    const text = message.toLowerCase();
    if (text.includes('expired')) return CollectorTexts.linkExpired;
    if (text.includes('not active')) return CollectorTexts.linkDisabled;
    if (text.includes('reached the maximum number')) return CollectorTexts.linkLimit;
    return boundErrorText(message);
  }
  // "Other statuses also show the server message" (5xx included); no message (offline, a 403 without text): the generic text.
  return message && status > 0 ? boundErrorText(message) : CollectorTexts.linkUnchecked;
}
