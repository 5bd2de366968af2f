import type { TimeZone } from './LocaleService';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * Renders a timestamp in the chosen zone and date format (spec §3/§4: 'MM/dd/yyyy HH:mm' or
 * 'dd/MM/yyyy HH:mm'). The zone table is the fixed-offset list of spec §3, so the entry's
 * offset is applied as it stands; a zone the user picked as "(UTC+01:00) ..." shows +01:00 all
 * year, which is what the list promises. Tokens: yyyy, MM, dd, HH, mm, ss. An unreadable input
 * gives '' rather than 'Invalid Date', so a table cell stays empty instead of lying.
 */
export function formatDateTime(value: string | number | Date, zone: Pick<TimeZone, 'offset'>, format: string): string {
  const time = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  if (!Number.isFinite(time)) return '';
  const shifted = new Date(time + zone.offset * 3_600_000);
  const fields: Record<string, string> = {
    yyyy: pad(shifted.getUTCFullYear(), 4),
    MM: pad(shifted.getUTCMonth() + 1),
    dd: pad(shifted.getUTCDate()),
    HH: pad(shifted.getUTCHours()),
    mm: pad(shifted.getUTCMinutes()),
    ss: pad(shifted.getUTCSeconds()),
  };
  return format.replace(/yyyy|MM|dd|HH|mm|ss/g, (token) => fields[token] ?? token);
}
