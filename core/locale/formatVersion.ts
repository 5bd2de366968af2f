import { formatDateTime } from './formatDateTime';
import type { TimeZone } from './LocaleService';

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A rule set's version as the user reads dates: a bundle without an explicit version is versioned
 * by its newest `modified` stamp (server/modules/inspection/stixBundle.ts), which is shown
 * in the user's zone and date format; a date-only version ("2025-01-01") in the date format
 * without a time and without a zone shift (it names a day, not an instant); any other version
 * ("1", "v2.3") as written.
 */
export function formatVersion(version: string, zone: Pick<TimeZone, 'offset'>, format: string): string {
  if (TIMESTAMP.test(version)) return formatDateTime(version, zone, format) || version;
  if (DATE_ONLY.test(version)) {
    const dateOnly = format.replace(/[\sT]*HH(:mm)?(:ss)?/, '').trim();
    return formatDateTime(`${version}T00:00:00Z`, { offset: 0 }, dateOnly) || version;
  }
  return version;
}
