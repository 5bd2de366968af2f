import { firstValueFrom } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { BrowserStorageService } from '../storage/BrowserStorageService';
import { DefaultLocaleService } from './DefaultLocaleService';
import { findTimeZoneByAbbr, findTimeZoneByRegion, labelParts, TIME_ZONES, UTC_ROW } from './timeZones';
import { UTC_TIME_ZONE } from './utcTimeZone';

function browser(timeZone: string | undefined, language: string) {
  const original = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...original.call(this), timeZone: timeZone as string };
  });
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(language);
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('time zone list', () => {
  it('has about 100 entries, each complete', () => {
    expect(TIME_ZONES.length).toBeGreaterThanOrEqual(90);
    expect(TIME_ZONES.length).toBeLessThanOrEqual(140);
    for (const zone of TIME_ZONES) {
      expect(zone.value).toBeTruthy();
      expect(zone.abbr).toBeTruthy();
      expect(zone.text).toMatch(/^\(UTC/);
      expect(typeof zone.isdst).toBe('boolean');
      expect(Array.isArray(zone.utc)).toBe(true);
    }
  });

  it('lists them as Options shows them: by the offset of the label, then by its places, no place twice', () => {
    const labels = TIME_ZONES.map((z) => labelParts(z.text));
    const sorted = [...labels].sort(([a, placesA], [b, placesB]) => a - b || placesA.localeCompare(placesB, 'en'));
    expect(labels).toEqual(sorted);
    expect(labels[0]).toEqual([-12, 'International Date Line West']);
    // Newfoundland (-03:30) sits between -04:00 and -03:00, not after the -03:00 rows.
    const newfoundland = labels.findIndex(([, places]) => places === 'Newfoundland');
    expect(labels[newfoundland - 1]![0]).toBe(-4);
    expect(labels[newfoundland + 1]![0]).toBe(-3);
    const places = labels.map(([, p]) => p);
    expect(places.filter((p, i) => places.indexOf(p) !== i)).toEqual([]);
    const texts = TIME_ZONES.map((z) => z.text);
    expect(new Set(texts).size).toBe(texts.length);
    expect(labelParts('(UTC) Coordinated Universal Time')).toEqual([0, 'Coordinated Universal Time']);
    expect(labelParts('(UTC+05:45) Kathmandu')).toEqual([5.75, 'Kathmandu']);
    expect(() => labelParts('UTC+1 Somewhere')).toThrow('Not a time-zone label: UTC+1 Somewhere');
  });

  it("a choice stored under a dropped twin's abbreviation (PDT, BST) finds its place again", () => {
    expect(findTimeZoneByAbbr('PDT', 'America/Los_Angeles')?.text).toBe('(UTC-08:00) Pacific Time (US & Canada)');
    expect(findTimeZoneByAbbr('BST', 'Europe/London')?.text).toBe('(UTC) Edinburgh, London');
    // Elsewhere the abbreviation keeps its own rows.
    expect(findTimeZoneByAbbr('BST', 'Asia/Dhaka')?.text).toBe('(UTC+06:00) Dhaka');
    expect(findTimeZoneByAbbr('PDT', 'America/Santa_Isabel')?.text).toBe('(UTC-08:00) Baja California');
  });

  it('holds the classic entries', () => {
    expect(findTimeZoneByRegion('Europe/Berlin')).toEqual({
      value: 'W. Europe Standard Time',
      abbr: 'WEDT',
      offset: 2,
      isdst: true,
      text: '(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna',
      utc: expect.arrayContaining(['Europe/Berlin', 'Europe/Vienna']),
    });
    expect(findTimeZoneByRegion('Asia/Kolkata')?.offset).toBe(5.5);
    expect(findTimeZoneByRegion('Asia/Kathmandu')?.offset).toBe(5.75);
    expect(findTimeZoneByAbbr('UTC')?.value).toBe('UTC');
    expect(findTimeZoneByRegion('Mars/Olympus')).toBeUndefined();
  });

  it('the UTC placeholder used before the table loads equals the table row', () => {
    expect(UTC_TIME_ZONE).toEqual(UTC_ROW);
  });
});

describe('DefaultLocaleService', () => {
  it('defaults the zone from the browser and the format for en-US', async () => {
    browser('America/New_York', 'en-US');
    const locale = new DefaultLocaleService(new BrowserStorageService());
    await locale.ready();
    expect(locale.timeZone().value).toBe('Eastern Standard Time');
    expect(locale.dateFormat()).toBe('MM/dd/yyyy HH:mm');
  });

  it.each(['en-GB', 'de-DE', 'en', 'fr'])('uses dd/MM/yyyy HH:mm for %s', async (language) => {
    browser('Europe/Berlin', language);
    const locale = new DefaultLocaleService(new BrowserStorageService());
    await locale.ready();
    expect(locale.dateFormat()).toBe('dd/MM/yyyy HH:mm');
    expect(locale.timeZone().abbr).toBe('WEDT');
  });

  it('falls back to UTC for a zone in no entry', async () => {
    browser('Mars/Olympus', 'en-US');
    const locale = new DefaultLocaleService(new BrowserStorageService());
    await locale.ready();
    expect(locale.timeZone().value).toBe('UTC');
    expect((await firstValueFrom(locale.timeZone$)).value).toBe('UTC');
  });

  it('the stored choices win over the browser', async () => {
    browser('America/New_York', 'en-US');
    localStorage.setItem('zo-timezone', 'IST');
    localStorage.setItem('zo-date-format', 'yyyy-MM-dd HH:mm');
    const locale = new DefaultLocaleService(new BrowserStorageService());
    await locale.ready();
    expect(locale.timeZone().value).toBe('India Standard Time');
    expect(locale.dateFormat()).toBe('yyyy-MM-dd HH:mm');
  });

  it('an ambiguous stored abbreviation prefers the entry of the browser zone', async () => {
    browser('Asia/Tokyo', 'ja-JP');
    localStorage.setItem('zo-timezone', 'JST');
    const tokyo = new DefaultLocaleService(new BrowserStorageService());
    await tokyo.ready();
    expect(tokyo.timeZone().value).toBe('Japan Standard Time');
    vi.restoreAllMocks();
    browser('Asia/Amman', 'ar-JO');
    const amman = new DefaultLocaleService(new BrowserStorageService());
    await amman.ready();
    expect(amman.timeZone().value).toBe('Jordan Standard Time');
  });

  it('is UTC until the table arrives, then emits the resolved zone and the list', async () => {
    browser('Europe/Berlin', 'de-DE');
    const locale = new DefaultLocaleService(new BrowserStorageService());
    expect(locale.timeZone()).toBe(UTC_TIME_ZONE);
    const zone = firstValueFrom(locale.timeZone$);
    const list = firstValueFrom(locale.timeZones$);
    expect((await zone).value).toBe('W. Europe Standard Time');
    expect(await list).toBe(TIME_ZONES);
  });

  it('a choice stored in another tab applies here', async () => {
    browser('Europe/Berlin', 'de-DE');
    const locale = new DefaultLocaleService(new BrowserStorageService());
    await locale.ready();
    localStorage.setItem('zo-timezone', 'IST');
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'zo-timezone', newValue: 'IST', storageArea: localStorage }),
    );
    expect(locale.timeZone().value).toBe('India Standard Time');
  });

  it('setTimeZone and setDateFormat store the choice and emit', async () => {
    browser('Europe/Berlin', 'de-DE');
    const locale = new DefaultLocaleService(new BrowserStorageService());
    await locale.setTimeZone('JST');
    locale.setDateFormat('MM/dd/yyyy HH:mm');
    expect(localStorage.getItem('zo-timezone')).toBe('JST');
    expect(localStorage.getItem('zo-date-format')).toBe('MM/dd/yyyy HH:mm');
    expect((await firstValueFrom(locale.timeZone$)).abbr).toBe('JST');
    expect(await firstValueFrom(locale.dateFormat$)).toBe('MM/dd/yyyy HH:mm');
    await expect(locale.setTimeZone('NOPE')).rejects.toThrow(/Unknown time zone/);
    // An entry of the table is taken as itself, even where its value repeats another's.
    const zones = await firstValueFrom(locale.timeZones$);
    const dublin = zones.find((z) => z.text === '(UTC) Dublin, Lisbon')!;
    expect(zones.filter((z) => z.value === dublin.value)).toHaveLength(2);
    await locale.setTimeZone(dublin);
    expect(locale.timeZone().text).toBe('(UTC) Dublin, Lisbon');
    await expect(locale.setTimeZone({ ...dublin, text: 'Nowhere' })).rejects.toThrow(/Unknown time zone/);
  });
});
