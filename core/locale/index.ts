export { browserDateFormat, DEFAULT_DATE_FORMAT, DefaultLocaleService, US_DATE_FORMAT } from './DefaultLocaleService';
export * from './LocaleService';
export { UTC_TIME_ZONE } from './utcTimeZone';
// The table itself (`./timeZones`) is not re-exported: it is a lazy chunk (see LocaleService).
export { formatDateTime } from './formatDateTime';
export { formatSize } from './formatSize';
export { formatVersion } from './formatVersion';
export { useDateTimeFormatter } from './useDateTimeFormatter';
export { useVersionFormatter } from './useVersionFormatter';
