import { firstValueFrom } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { BrowserStorageService } from '../storage/BrowserStorageService';
import { DefaultLocaleService } from './DefaultLocaleService';
import { findTimeZoneByAbbr, findTimeZoneByRegion, TIME_ZONES, UTC_ROW } from './timeZones';
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
  it('has about 100 entries sorted by offset, each complete', () => {
    expect(TIME_ZONES.length).toBeGreaterThanOrEqual(90);
    expect(TIME_ZONES.length).toBeLessThanOrEqual(140);
    for (let i = 1; i < TIME_ZONES.length; i++)
      expect(TIME_ZONES[i]!.offset).toBeGreaterThanOrEqual(TIME_ZONES[i - 1]!.offset);
    for (const zone of TIME_ZONES) {
      expect(zone.value).toBeTruthy();
      expect(zone.abbr).toBeTruthy();
      expect(zone.text).toMatch(/^\(UTC/);
      expect(typeof zone.isdst).toBe('boolean');
      expect(Array.isArray(zone.utc)).toBe(true);
    }
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
