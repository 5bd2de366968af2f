import { BehaviorSubject, distinctUntilChanged, type Observable, ReplaySubject, type Subscription } from 'rxjs';
import { inject, injectable } from 'tsyringe';

import { StorageKeys, type StorageService, StorageServiceToken } from '../storage/StorageService';
import type { LocaleService, TimeZone } from './LocaleService';
import { UTC_TIME_ZONE } from './utcTimeZone';

export const US_DATE_FORMAT = 'MM/dd/yyyy HH:mm';
export const DEFAULT_DATE_FORMAT = 'dd/MM/yyyy HH:mm';

type TimeZoneTable = typeof import('./timeZones');

function browserRegion(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** en-US reads month first; everyone else day first (spec §4). */
export function browserDateFormat(): string {
  const language = typeof navigator === 'undefined' ? undefined : navigator.language;
  return language === 'en-US' ? US_DATE_FORMAT : DEFAULT_DATE_FORMAT;
}

/**
 * Time zone and date format: the stored choice wins over the browser default (spec §4). The
 * zone table is a lazy chunk (see LocaleService), requested when the service is created.
 */
@injectable()
export class DefaultLocaleService implements LocaleService {
  private table: TimeZoneTable | undefined;
  private readonly loaded: Promise<void>;
  private readonly zones = new ReplaySubject<readonly TimeZone[]>(1);
  private readonly zone = new ReplaySubject<TimeZone>(1);
  private current: TimeZone = UTC_TIME_ZONE;
  private readonly format: BehaviorSubject<string>;
  private readonly subscriptions: Subscription[] = [];
  readonly timeZones$: Observable<readonly TimeZone[]> = this.zones.asObservable();
  readonly timeZone$: Observable<TimeZone> = this.zone.pipe(distinctUntilChanged());
  readonly dateFormat$: Observable<string>;

  constructor(@inject(StorageServiceToken) private readonly storage: StorageService) {
    this.format = new BehaviorSubject(this.resolveFormat(storage.get(StorageKeys.dateFormat)));
    this.dateFormat$ = this.format.pipe(distinctUntilChanged());
    this.loaded = import('./timeZones').then((table) => {
      this.table = table;
      this.zones.next(table.TIME_ZONES);
      this.applyZone(this.resolveZone(storage.get(StorageKeys.timeZone)));
    });
    // Choices made in another tab apply here too.
    this.subscriptions.push(
      storage.watch(StorageKeys.timeZone).subscribe((abbr) => {
        if (this.table) this.applyZone(this.resolveZone(abbr));
      }),
      storage.watch(StorageKeys.dateFormat).subscribe((format) => this.format.next(this.resolveFormat(format))),
    );
  }

  ready(): Promise<void> {
    return this.loaded;
  }

  timeZone(): TimeZone {
    return this.current;
  }

  dateFormat(): string {
    return this.format.value;
  }

  /** Takes the abbreviation (what is stored) or an entry's value (exact pick from a list). */
  async setTimeZone(choice: string | TimeZone): Promise<void> {
    await this.loaded;
    const table = this.table!;
    const zone =
      typeof choice === 'string'
        ? (table.TIME_ZONES.find((z) => z.value === choice) ?? table.findTimeZoneByAbbr(choice, browserRegion()))
        : table.TIME_ZONES.find((z) => z.text === choice.text);
    if (!zone) throw new Error(`Unknown time zone abbreviation: ${typeof choice === 'string' ? choice : choice.text}`);
    this.storage.set(StorageKeys.timeZone, zone.abbr);
    this.applyZone(zone);
  }

  setDateFormat(format: string): void {
    if (!format.trim()) throw new Error('A date format is required');
    this.storage.set(StorageKeys.dateFormat, format);
    this.format.next(format);
  }

  dispose(): void {
    for (const s of this.subscriptions) s.unsubscribe();
  }

  private applyZone(zone: TimeZone): void {
    this.current = zone;
    this.zone.next(zone);
  }

  /** Stored abbreviation, else the browser's zone matched against the list, else UTC. */
  private resolveZone(stored: string | null): TimeZone {
    const table = this.table!;
    const region = browserRegion();
    return table.findTimeZoneByAbbr(stored, region) ?? table.findTimeZoneByRegion(region) ?? table.UTC_ROW;
  }

  private resolveFormat(stored: string | null): string {
    return stored && stored.trim() ? stored : browserDateFormat();
  }
}
