import { defer, distinctUntilChanged, filter, map, Observable, startWith, Subject } from 'rxjs';
import { injectable } from 'tsyringe';

import {
  ACCESS_COOKIE_MAX_AGE_S,
  ACCESS_TOKEN_COOKIE,
  type StorageKey,
  StorageKeys,
  type StorageService,
  THEME_COOKIE,
  THEME_COOKIE_MAX_AGE_S,
} from './StorageService';

/** Remembered-device tokens per username, as stored under `zo-remember-2fa`. */
type RememberedDevices = Record<string, string>;

/**
 * localStorage + the `access_token` cookie. `watch` merges this tab's writes with the
 * `storage` events other tabs cause, which is what keeps two tabs' sessions in step.
 */
@injectable()
export class BrowserStorageService implements StorageService {
  /** Key that changed; `null` when another tab cleared the whole storage. */
  private readonly changes = new Subject<string | null>();

  private readonly onStorageEvent = (event: StorageEvent) => {
    if (event.storageArea && event.storageArea !== this.area()) return;
    this.changes.next(event.key);
  };

  constructor() {
    if (typeof window !== 'undefined') window.addEventListener('storage', this.onStorageEvent);
  }

  /** Stops listening to other tabs (tsyringe calls it on `container.dispose()`). */
  dispose(): void {
    if (typeof window !== 'undefined') window.removeEventListener('storage', this.onStorageEvent);
    this.changes.complete();
  }

  get(key: StorageKey): string | null {
    try {
      return this.area()?.getItem(key) ?? null;
    } catch {
      // Storage can be disabled (privacy modes); the console then behaves as signed out.
      return null;
    }
  }

  set(key: StorageKey, value: string): void {
    try {
      this.area()?.setItem(key, value);
    } catch {
      // Quota or privacy mode: keep going, the value just does not persist.
    }
    this.changes.next(key);
  }

  remove(key: StorageKey): void {
    try {
      this.area()?.removeItem(key);
    } catch {
      // See set().
    }
    this.changes.next(key);
  }

  watch(key: StorageKey): Observable<string | null> {
    return defer(() =>
      this.changes.pipe(
        filter((changed) => changed === null || changed === key),
        startWith(key),
        map(() => this.get(key)),
        distinctUntilChanged(),
      ),
    );
  }

  getRememberToken(username: string): string | null {
    return this.readRememberedDevices()[username] ?? null;
  }

  setRememberToken(username: string, token: string | null): void {
    const devices = this.readRememberedDevices();
    if (token === null) delete devices[username];
    else devices[username] = token;
    if (Object.keys(devices).length === 0) this.remove(StorageKeys.rememberedDevices);
    else this.set(StorageKeys.rememberedDevices, JSON.stringify(devices));
  }

  setAccessCookie(token: string | null): void {
    if (token === null) this.writeCookie(ACCESS_TOKEN_COOKIE, '', 0);
    else this.writeCookie(ACCESS_TOKEN_COOKIE, encodeURIComponent(token), ACCESS_COOKIE_MAX_AGE_S);
  }

  setThemeCookie(theme: 'light' | 'dark'): void {
    this.writeCookie(THEME_COOKIE, theme, THEME_COOKIE_MAX_AGE_S);
  }

  getAccessCookie(): string | null {
    if (typeof document === 'undefined') return null;
    for (const part of document.cookie.split(';')) {
      const [name, ...rest] = part.trim().split('=');
      if (name === ACCESS_TOKEN_COOKIE) {
        const value = rest.join('=');
        return value ? decodeURIComponent(value) : null;
      }
    }
    return null;
  }

  /** A site-wide cookie (path `/`, SameSite=Lax, Secure over https); max-age 0 deletes it. */
  private writeCookie(name: string, value: string, maxAgeS: number): void {
    if (typeof document === 'undefined') return;
    const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${name}=${value}; path=/; max-age=${maxAgeS}; SameSite=Lax${secure}`;
  }

  /** A malformed map (not JSON, not an object of strings) is removed and treated as empty. */
  private readRememberedDevices(): RememberedDevices {
    const raw = this.get(StorageKeys.rememberedDevices);
    if (raw === null) return {};
    try {
      const parsed: unknown = JSON.parse(raw);
      if (
        parsed !== null &&
        typeof parsed === 'object' &&
        !Array.isArray(parsed) &&
        Object.values(parsed).every((v) => typeof v === 'string')
      ) {
        return { ...(parsed as RememberedDevices) };
      }
    } catch {
      // fall through: discard
    }
    this.remove(StorageKeys.rememberedDevices);
    return {};
  }

  private area(): Storage | null {
    return typeof localStorage === 'undefined' ? null : localStorage;
  }
}
