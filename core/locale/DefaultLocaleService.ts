import { inject, injectable } from 'tsyringe';
import { BehaviorSubject, distinctUntilChanged, type Observable, type Subscription } from 'rxjs';
import { StorageKeys, StorageServiceToken, type StorageService } from '../storage/StorageService';
import type { LocaleService, TimeZone } from './LocaleService';
import { TIME_ZONES, UTC_TIME_ZONE, findTimeZoneByAbbr, findTimeZoneByRegion } from './timeZones';

export const US_DATE_FORMAT = 'MM/dd/yyyy HH:mm';
export const DEFAULT_DATE_FORMAT = 'dd/MM/yyyy HH:mm';

function browserRegion(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** Browser time zone matched against the list; UTC when unknown (spec §4). */
export function browserTimeZone(): TimeZone {
  return findTimeZoneByRegion(browserRegion()) ?? UTC_TIME_ZONE;
}

/** en-US reads month first; everyone else day first (spec §4). */
export function browserDateFormat(): string {
  const language = typeof navigator === 'undefined' ? undefined : navigator.language;
  return language === 'en-US' ? US_DATE_FORMAT : DEFAULT_DATE_FORMAT;
}

/** Time zone and date format: the stored choice wins over the browser default. */
@injectable()
export class DefaultLocaleService implements LocaleService {
  readonly timeZones: readonly TimeZone[] = TIME_ZONES;
  private readonly zone: BehaviorSubject<TimeZone>;
  private readonly format: BehaviorSubject<string>;
  private readonly subscriptions: Subscription[] = [];
  readonly timeZone$: Observable<TimeZone>;
  readonly dateFormat$: Observable<string>;

  constructor(@inject(StorageServiceToken) private readonly storage: StorageService) {
    this.zone = new BehaviorSubject(this.resolveZone(storage.get(StorageKeys.timeZone)));
    this.format = new BehaviorSubject(this.resolveFormat(storage.get(StorageKeys.dateFormat)));
    this.timeZone$ = this.zone.pipe(distinctUntilChanged());
    this.dateFormat$ = this.format.pipe(distinctUntilChanged());
    // Choices made in another tab apply here too.
    this.subscriptions.push(
      storage.watch(StorageKeys.timeZone).subscribe((abbr) => this.zone.next(this.resolveZone(abbr))),
      storage.watch(StorageKeys.dateFormat).subscribe((format) => this.format.next(this.resolveFormat(format))),
    );
  }

  timeZone(): TimeZone {
    return this.zone.value;
  }

  dateFormat(): string {
    return this.format.value;
  }

  /** Takes the abbreviation (what is stored) or an entry's value (exact pick from a list). */
  setTimeZone(abbr: string): void {
    const zone = TIME_ZONES.find((z) => z.value === abbr) ?? findTimeZoneByAbbr(abbr, browserRegion());
    if (!zone) throw new Error(`Unknown time zone abbreviation: ${abbr}`);
    this.storage.set(StorageKeys.timeZone, zone.abbr);
    this.zone.next(zone);
  }

  setDateFormat(format: string): void {
    if (!format.trim()) throw new Error('A date format is required');
    this.storage.set(StorageKeys.dateFormat, format);
    this.format.next(format);
  }

  dispose(): void {
    for (const s of this.subscriptions) s.unsubscribe();
  }

  private resolveZone(stored: string | null): TimeZone {
    return findTimeZoneByAbbr(stored, browserRegion()) ?? browserTimeZone();
  }

  private resolveFormat(stored: string | null): string {
    return stored && stored.trim() ? stored : browserDateFormat();
  }
}
