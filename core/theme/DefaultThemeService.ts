import { Classes } from '@blueprintjs/core';
import { BehaviorSubject, distinctUntilChanged, type Observable, type Subscription } from 'rxjs';
import { inject, injectable } from 'tsyringe';

import { StorageKeys, type StorageService, StorageServiceToken } from '../storage/StorageService';
import type { Theme, ThemeService } from './ThemeService';

/** The system's dark-mode preference; jsdom and old browsers have no matchMedia (then: light). */
export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

function systemScheme(): MediaQueryList | undefined {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(DARK_SCHEME_QUERY)
    : undefined;
}

/** The user's own choice, when they made one. */
function chosenTheme(value: string | null): Theme | undefined {
  return value === 'dark' || value === 'light' ? value : undefined;
}

/**
 * Light/dark: the system's preference (`prefers-color-scheme`, followed live) until the user
 * toggles; their choice is then persisted in `jetp-theme` and wins. Mirrored into the cookie of
 * that name, so the API serves a document's painted copy in this theme; Blueprint's dark class on
 * <body> so portals follow too.
 */
@injectable()
export class DefaultThemeService implements ThemeService {
  private readonly current: BehaviorSubject<Theme>;
  private readonly subscription: Subscription;
  private readonly system = systemScheme();
  private readonly onSystemChange = () => {
    if (!chosenTheme(this.storage.get(StorageKeys.theme))) this.setCurrent(this.resolve(null));
  };
  readonly theme$: Observable<Theme>;

  constructor(@inject(StorageServiceToken) private readonly storage: StorageService) {
    this.current = new BehaviorSubject<Theme>(this.resolve(storage.get(StorageKeys.theme)));
    this.theme$ = this.current.pipe(distinctUntilChanged());
    this.apply(this.current.value);
    // Another tab toggling the theme changes this one too.
    this.subscription = storage.watch(StorageKeys.theme).subscribe((value) => this.setCurrent(this.resolve(value)));
    this.system?.addEventListener('change', this.onSystemChange);
  }

  theme(): Theme {
    return this.current.value;
  }

  set(theme: Theme): void {
    this.storage.set(StorageKeys.theme, theme);
    this.setCurrent(theme);
  }

  toggle(): void {
    this.set(this.current.value === 'dark' ? 'light' : 'dark');
  }

  dispose(): void {
    this.subscription.unsubscribe();
    this.system?.removeEventListener('change', this.onSystemChange);
  }

  /** The stored choice, else the system's preference. */
  private resolve(stored: string | null): Theme {
    return chosenTheme(stored) ?? (this.system?.matches ? 'dark' : 'light');
  }

  private setCurrent(theme: Theme): void {
    if (theme === this.current.value) return;
    this.apply(theme);
    this.current.next(theme);
  }

  private apply(theme: Theme): void {
    this.storage.setThemeCookie(theme);
    if (typeof document === 'undefined') return;
    document.body.classList.toggle(Classes.DARK, theme === 'dark');
  }
}
