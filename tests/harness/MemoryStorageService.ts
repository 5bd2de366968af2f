import { BehaviorSubject, type Observable } from 'rxjs';

import type { StorageKey, StorageService } from '@core/storage/StorageService';

/** StorageService kept in memory, so tests never share state through jsdom's localStorage. */
export class MemoryStorageService implements StorageService {
  private readonly values = new Map<StorageKey, BehaviorSubject<string | null>>();
  private readonly remembered = new Map<string, string>();
  private cookie: string | null = null;

  constructor(initial: Partial<Record<StorageKey, string>> = {}) {
    for (const [key, value] of Object.entries(initial)) this.subject(key as StorageKey).next(value ?? null);
  }

  private subject(key: StorageKey): BehaviorSubject<string | null> {
    let subject = this.values.get(key);
    if (!subject) {
      subject = new BehaviorSubject<string | null>(null);
      this.values.set(key, subject);
    }
    return subject;
  }

  get(key: StorageKey): string | null {
    return this.subject(key).value;
  }
  set(key: StorageKey, value: string): void {
    this.subject(key).next(value);
  }
  remove(key: StorageKey): void {
    this.subject(key).next(null);
  }
  watch(key: StorageKey): Observable<string | null> {
    return this.subject(key).asObservable();
  }
  getRememberToken(username: string): string | null {
    return this.remembered.get(username) ?? null;
  }
  setRememberToken(username: string, token: string | null): void {
    if (token === null) this.remembered.delete(username);
    else this.remembered.set(username, token);
  }
  setAccessCookie(token: string | null): void {
    this.cookie = token;
  }
  getAccessCookie(): string | null {
    return this.cookie;
  }
  /** The last theme mirrored into the cookie (null: never). */
  themeCookie: 'light' | 'dark' | null = null;
  setThemeCookie(theme: 'light' | 'dark'): void {
    this.themeCookie = theme;
  }
}
