export * from './LocaleService';
export { DefaultLocaleService, browserTimeZone, browserDateFormat, US_DATE_FORMAT, DEFAULT_DATE_FORMAT } from './DefaultLocaleService';
export { TIME_ZONES, UTC_TIME_ZONE, findTimeZoneByAbbr, findTimeZoneByRegion } from './timeZones';
