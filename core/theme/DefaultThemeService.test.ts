import { Classes } from '@blueprintjs/core';
import { firstValueFrom } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { BrowserStorageService } from '../storage/BrowserStorageService';
import { DARK_SCHEME_QUERY, DefaultThemeService } from './DefaultThemeService';

/** A system dark-mode preference that can change while the page is open. */
function systemPrefers(dark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    matches: dark,
    media: DARK_SCHEME_QUERY,
    addEventListener: (_: string, fn: () => void) => listeners.add(fn),
    removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
  };
  vi.stubGlobal('matchMedia', (media: string) => (media === DARK_SCHEME_QUERY ? query : { ...query, matches: false }));
  return {
    change(next: boolean) {
      query.matches = next;
      for (const fn of listeners) fn();
    },
    listeners,
  };
}

beforeEach(() => {
  localStorage.clear();
  document.body.classList.remove(Classes.DARK);
});
afterEach(() => {
  document.body.classList.remove(Classes.DARK);
  vi.unstubAllGlobals();
});

describe('DefaultThemeService', () => {
  it('defaults to light without the dark class', async () => {
    const theme = new DefaultThemeService(new BrowserStorageService());
    expect(theme.theme()).toBe('light');
    expect(await firstValueFrom(theme.theme$)).toBe('light');
    expect(document.body.classList.contains(Classes.DARK)).toBe(false);
  });

  it("toggle switches, persists in jetp-theme and sets Blueprint's dark class on the body", () => {
    const theme = new DefaultThemeService(new BrowserStorageService());
    const seen: string[] = [];
    theme.theme$.subscribe((t) => seen.push(t));
    theme.toggle();
    expect(localStorage.getItem('jetp-theme')).toBe('dark');
    expect(document.body.classList.contains(Classes.DARK)).toBe(true);
    theme.toggle();
    expect(localStorage.getItem('jetp-theme')).toBe('light');
    expect(document.body.classList.contains(Classes.DARK)).toBe(false);
    expect(seen).toEqual(['light', 'dark', 'light']);
  });

  it('mirrors the theme into the jetp-theme cookie at start and on every change (the API paints its copy in it)', () => {
    localStorage.setItem('jetp-theme', 'dark');
    const theme = new DefaultThemeService(new BrowserStorageService());
    expect(document.cookie).toContain('jetp-theme=dark');
    theme.toggle();
    expect(document.cookie).toContain('jetp-theme=light');
    expect(document.cookie).not.toContain('jetp-theme=dark');
  });

  it("follows the system's dark-mode preference, live, until the user toggles; then the choice wins", () => {
    const system = systemPrefers(true);
    const theme = new DefaultThemeService(new BrowserStorageService());
    expect(theme.theme()).toBe('dark');
    expect(document.body.classList.contains(Classes.DARK)).toBe(true);
    expect(localStorage.getItem('jetp-theme')).toBeNull();
    system.change(false);
    expect(theme.theme()).toBe('light');
    system.change(true);
    expect(theme.theme()).toBe('dark');
    theme.toggle();
    expect(localStorage.getItem('jetp-theme')).toBe('light');
    system.change(false);
    system.change(true);
    expect(theme.theme()).toBe('light');
    theme.dispose();
    expect(system.listeners.size).toBe(0);
  });

  it("a stored choice wins over the system's preference at start", () => {
    systemPrefers(true);
    localStorage.setItem('jetp-theme', 'light');
    expect(new DefaultThemeService(new BrowserStorageService()).theme()).toBe('light');
  });

  it('a stored dark theme applies at start', () => {
    localStorage.setItem('jetp-theme', 'dark');
    const theme = new DefaultThemeService(new BrowserStorageService());
    expect(theme.theme()).toBe('dark');
    expect(document.body.classList.contains(Classes.DARK)).toBe(true);
  });

  it('an unknown stored value means light', () => {
    localStorage.setItem('jetp-theme', 'purple');
    expect(new DefaultThemeService(new BrowserStorageService()).theme()).toBe('light');
  });

  it('follows a toggle made in another tab', () => {
    const theme = new DefaultThemeService(new BrowserStorageService());
    localStorage.setItem('jetp-theme', 'dark');
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'jetp-theme', newValue: 'dark', storageArea: localStorage }),
    );
    expect(theme.theme()).toBe('dark');
    expect(document.body.classList.contains(Classes.DARK)).toBe(true);
  });
});
