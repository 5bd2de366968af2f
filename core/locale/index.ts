export * from './LocaleService';
export { DefaultLocaleService, browserDateFormat, US_DATE_FORMAT, DEFAULT_DATE_FORMAT } from './DefaultLocaleService';
export { UTC_TIME_ZONE } from './utcTimeZone';
// The table itself (`./timeZones`) is not re-exported: it is a lazy chunk (see LocaleService).
export { formatDateTime } from './formatDateTime';
export { useDateTimeFormatter } from './useDateTimeFormatter';
export { formatSize } from './formatSize';
export { formatVersion } from './formatVersion';
export { useVersionFormatter } from './useVersionFormatter';
