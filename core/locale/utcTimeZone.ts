import type { TimeZone } from './LocaleService';

/**
 * The UTC row of the table, kept apart so the service has a zone before the (lazily loaded)
 * table arrives; a test checks it equals the table's row.
 */
export const UTC_TIME_ZONE: TimeZone = Object.freeze({
  value: 'UTC',
  abbr: 'UTC',
  offset: 0,
  isdst: false,
  text: '(UTC) Coordinated Universal Time',
  utc: ['America/Danmarkshavn', 'Etc/GMT', 'Etc/UTC', 'UTC', 'Etc/Universal', 'Etc/Zulu'],
});
