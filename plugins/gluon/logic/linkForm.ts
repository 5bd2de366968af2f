import { endOfDayInZone } from '@common/format/zonedTime';
import { ACCOUNT_ERROR_TEXTS, errorText } from '@core/http/errorText';

import type { LinkStatus, NewLink } from '../api/GluonApi';

export interface LinkFormValues {
  name: string;
  /** Digits, or empty for unlimited. */
  limit: string;
  /** yyyy-mm-dd, or empty for never. */
  expires: string;
}

/**
 * The API's rules (name ≤ 200, limit 1–1,000,000, expiry in the future): an error, or the body to
 * send. An expiry chosen as a date is the end of that day in the user's time zone (Options, hours
 * from UTC), so a link set to 12/31 is listed as expiring 12/31 23:59, not 01/01 00:00.
 */
export function parseLinkForm(
  v: LinkFormValues,
  zoneOffsetHours: number,
  now = new Date(),
): { error: string } | { link: NewLink } {
  const name = v.name.trim();
  if (name.length > 200) return { error: 'The name is longer than 200 characters.' };
  let maxInstalls: number | null = null;
  if (v.limit.trim()) {
    const n = Number(v.limit.trim());
    if (!Number.isInteger(n) || n < 1 || n > 1_000_000)
      return { error: 'The install limit must be a whole number from 1 to 1,000,000 (empty: unlimited).' };
    maxInstalls = n;
  }
  let expiresAt: string | null = null;
  if (v.expires) {
    const end = endOfDayInZone(v.expires, zoneOffsetHours);
    if (!end) return { error: 'The expiry date is not a date.' };
    if (end.getTime() <= now.getTime()) return { error: 'The expiry date must be in the future.' };
    expiresAt = end.toISOString();
  }
  return { link: { name: name || null, maxInstalls, expiresAt } };
}

/** The API's message for a failed call. */
export function callMessage(error: unknown): string {
  return errorText(error, { fallback: ACCOUNT_ERROR_TEXTS.fallback });
}

export const STATUS_LABELS: Record<LinkStatus, { text: string; intent: 'success' | 'none' | 'warning' | 'danger' }> = {
  active: { text: 'active', intent: 'success' },
  disabled: { text: 'disabled', intent: 'none' },
  expired: { text: 'expired', intent: 'warning' },
  limitReached: { text: 'limit reached', intent: 'danger' },
};
