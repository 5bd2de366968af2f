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

/**
 * The time-zone table (~16 KiB) is a separate chunk, loaded when the service is first created:
 * no public page needs it, so it stays out of the first load of `/login`. `timeZone$` and
 * `timeZones$` emit once it has arrived; `ready()` resolves then.
 */
export interface LocaleService {
  /** About 100 entries sorted by offset; emits once the table is loaded. */
  readonly timeZones$: Observable<readonly TimeZone[]>;
  /** The stored choice, else the browser's zone, else UTC; emits once the table is loaded. */
  readonly timeZone$: Observable<TimeZone>;
  readonly dateFormat$: Observable<string>;
  /** Resolves when the table is loaded and the current zone resolved. */
  ready(): Promise<void>;
  /** The current zone; UTC until `ready()` has resolved. */
  timeZone(): TimeZone;
  dateFormat(): string;
  /**
   * Store a choice by abbreviation (or an entry's value), or as one of `timeZones$`'s entries (a
   * picker passes the entry: values and abbreviations repeat in the table, labels do not); it
   * wins over the browser default.
   */
  setTimeZone(zone: string | TimeZone): Promise<void>;
  setDateFormat(format: string): void;
}

export const LocaleServiceToken = createServiceToken<LocaleService>('locale');
