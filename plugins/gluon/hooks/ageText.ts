import { count } from '@common/format/count';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago `since` was, in the largest whole unit an analyst reads at a glance ("3 days",
 * "5 hours", "12 minutes", "just now"); the exact date goes in the cell's title.
 */
export function ageText(since: string, now: number): string {
  const elapsed = Math.max(0, now - Date.parse(since));
  if (elapsed >= 2 * DAY) return count(Math.floor(elapsed / DAY), 'day');
  if (elapsed >= HOUR) return count(Math.floor(elapsed / HOUR), 'hour');
  if (elapsed >= MINUTE) return count(Math.floor(elapsed / MINUTE), 'minute');
  return 'just now';
}
