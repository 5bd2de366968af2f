/**
 * Times in a user's zone, shared by the console and the API. Zones are the fixed offsets of the
 * console's table (spec §3: "(UTC+05:30) Chennai, …" is +05:30 all year), given in hours.
 */

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** "+05:30", "-03:00", "Z" for UTC: an offset in hours as ISO 8601 writes it. */
export function isoOffset(offsetHours: number): string {
  if (offsetHours === 0) return 'Z';
  const minutes = Math.round(Math.abs(offsetHours) * 60);
  return `${offsetHours < 0 ? '-' : '+'}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/**
 * An instant as ISO 8601 in a zone, with the zone named: "2026-12-31T23:59:59+05:30 (IST)",
 * "2026-12-02T08:11:34Z (UTC)". What mails and CSV exports print, so a reader knows the clock.
 */
export function isoInZone(value: Date | string, zone: { offset: number; name: string } = UTC_ZONE): string {
  const time = value instanceof Date ? value.getTime() : Date.parse(value);
  if (!Number.isFinite(time)) return '';
  const shifted = new Date(time + zone.offset * 3_600_000);
  const local = `${pad(shifted.getUTCFullYear(), 4)}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}T${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}:${pad(shifted.getUTCSeconds())}`;
  return `${local}${isoOffset(zone.offset)} (${zone.name})`;
}

/** The zone the API names when it knows no user's: UTC. */
export const UTC_ZONE = { offset: 0, name: 'UTC' } as const;

/**
 * The last instant of the day `yyyy-mm-dd` in a zone `offsetHours` from UTC: an expiry chosen as
 * a date means "through that day" where the user is (12/31 in UTC+05:30 ends at 18:29:59.999Z).
 * Null for text that is not a calendar day.
 */
export function endOfDayInZone(day: string, offsetHours: number): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const [year, month, date] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const start = Date.UTC(year, month - 1, date);
  const check = new Date(start);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date) return null;
  return new Date(start + 86_400_000 - 1 - offsetHours * 3_600_000);
}
