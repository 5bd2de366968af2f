import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { BrowserStorageService } from './BrowserStorageService';
import { ACCESS_COOKIE_MAX_AGE_S, ACCESS_TOKEN_COOKIE, StorageKeys } from './StorageService';

function clearCookie() {
  document.cookie = `${ACCESS_TOKEN_COOKIE}=; path=/; max-age=0`;
}

describe('BrowserStorageService', () => {
  beforeEach(() => {
    localStorage.clear();
    clearCookie();
  });
  afterEach(() => {
    vi.useRealTimers();
    clearCookie();
  });

  it('reads, writes and removes localStorage keys', () => {
    const storage = new BrowserStorageService();
    storage.set(StorageKeys.envType, 'saas');
    expect(localStorage.getItem('envType')).toBe('saas');
    expect(storage.get(StorageKeys.envType)).toBe('saas');
    storage.remove(StorageKeys.envType);
    expect(storage.get(StorageKeys.envType)).toBeNull();
  });

  it("watch emits the current value, own writes and other tabs' storage events", () => {
    const storage = new BrowserStorageService();
    const seen: Array<string | null> = [];
    const sub = storage.watch(StorageKeys.token).subscribe((v) => seen.push(v));
    storage.set(StorageKeys.token, 'a');
    storage.set(StorageKeys.envType, 'other key is not reported');
    // Another tab writes: the browser changes the shared storage and fires 'storage' here.
    localStorage.setItem('zo-token', 'b');
    window.dispatchEvent(new StorageEvent('storage', { key: 'zo-token', newValue: 'b', storageArea: localStorage }));
    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: null, storageArea: localStorage }));
    sub.unsubscribe();
    expect(seen).toEqual([null, 'a', 'b', null]);
  });

  it('stores remembered-device tokens per username as a JSON map', () => {
    const storage = new BrowserStorageService();
    storage.setRememberToken('ann', 't1');
    storage.setRememberToken('bob', 't2');
    expect(JSON.parse(localStorage.getItem('zo-remember-2fa')!)).toEqual({ ann: 't1', bob: 't2' });
    expect(storage.getRememberToken('ann')).toBe('t1');
    storage.setRememberToken('ann', null);
    expect(storage.getRememberToken('ann')).toBeNull();
    expect(storage.getRememberToken('bob')).toBe('t2');
  });

  it.each([['not json{'], ['["array"]'], ['{"ann": 5}'], ['null'], ['"text"']])(
    'discards a malformed remembered-device map %s',
    (raw) => {
      localStorage.setItem('zo-remember-2fa', raw);
      const storage = new BrowserStorageService();
      expect(storage.getRememberToken('ann')).toBeNull();
      expect(localStorage.getItem('zo-remember-2fa')).toBeNull();
      storage.setRememberToken('ann', 'fresh');
      expect(JSON.parse(localStorage.getItem('zo-remember-2fa')!)).toEqual({ ann: 'fresh' });
    },
  );

  it('writes the access_token cookie for path / with a one-day max-age and SameSite=Lax', () => {
    const storage = new BrowserStorageService();
    const writes: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    const spy = vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      writes.push(value);
      descriptor.set!.call(document, value);
    });
    storage.setAccessCookie('tok en');
    spy.mockRestore();
    expect(writes).toEqual(['access_token=tok%20en; path=/; max-age=86400; SameSite=Lax']);
    expect(storage.getAccessCookie()).toBe('tok en');
  });

  it('the one-day lifetime is 86400 seconds', () => {
    // jsdom's cookie jar keeps real time, so the lifetime is asserted on the attribute itself.
    expect(ACCESS_COOKIE_MAX_AGE_S).toBe(24 * 60 * 60);
  });

  it('setAccessCookie(null) deletes the cookie', () => {
    const storage = new BrowserStorageService();
    storage.setAccessCookie('abc');
    storage.setAccessCookie(null);
    expect(storage.getAccessCookie()).toBeNull();
  });
});
