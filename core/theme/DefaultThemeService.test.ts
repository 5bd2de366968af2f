import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { firstValueFrom } from 'rxjs';
import { Classes } from '@blueprintjs/core';
import { BrowserStorageService } from '../storage/BrowserStorageService';
import { DefaultThemeService } from './DefaultThemeService';

beforeEach(() => {
  localStorage.clear();
  document.body.classList.remove(Classes.DARK);
});
afterEach(() => document.body.classList.remove(Classes.DARK));

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
    window.dispatchEvent(new StorageEvent('storage', { key: 'jetp-theme', newValue: 'dark', storageArea: localStorage }));
    expect(theme.theme()).toBe('dark');
    expect(document.body.classList.contains(Classes.DARK)).toBe(true);
  });
});
