import type { Observable } from 'rxjs';
import { createServiceToken } from '../di/ServiceToken';

/** Time zone entry (spec §3). */
export interface TimeZone {
  value: string;
  abbr: string;
  /** Hours from UTC, possibly fractional. */
  offset: number;
  isdst: boolean;
  /** Label such as '(UTC+01:00) Amsterdam, Berlin, ...'. */
  text: string;
  /** Region identifiers, e.g. 'Europe/Berlin'. */
  utc: string[];
}

export interface LocaleService {
  /** About 100 entries sorted by offset. */
  readonly timeZones: readonly TimeZone[];
  readonly timeZone$: Observable<TimeZone>;
  readonly dateFormat$: Observable<string>;
  timeZone(): TimeZone;
  dateFormat(): string;
  /** Store a choice by abbreviation; it wins over the browser default. */
  setTimeZone(abbr: string): void;
  setDateFormat(format: string): void;
}

export const LocaleServiceToken = createServiceToken<LocaleService>('locale');
