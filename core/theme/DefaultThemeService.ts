import { inject, injectable } from 'tsyringe';
import { BehaviorSubject, distinctUntilChanged, type Observable, type Subscription } from 'rxjs';
import { Classes } from '@blueprintjs/core';
import { StorageKeys, StorageServiceToken, type StorageService } from '../storage/StorageService';
import type { Theme, ThemeService } from './ThemeService';

function parseTheme(value: string | null): Theme {
  return value === 'dark' ? 'dark' : 'light';
}

/**
 * Light/dark persisted in `jetp-theme` (and mirrored into the cookie of that name, so the API
 * serves a document's painted copy in this theme); Blueprint's dark class on <body> so portals follow too.
 */
@injectable()
export class DefaultThemeService implements ThemeService {
  private readonly current: BehaviorSubject<Theme>;
  private readonly subscription: Subscription;
  readonly theme$: Observable<Theme>;

  constructor(@inject(StorageServiceToken) private readonly storage: StorageService) {
    this.current = new BehaviorSubject<Theme>(parseTheme(storage.get(StorageKeys.theme)));
    this.theme$ = this.current.pipe(distinctUntilChanged());
    this.apply(this.current.value);
    // Another tab toggling the theme changes this one too.
    this.subscription = storage.watch(StorageKeys.theme).subscribe((value) => this.setCurrent(parseTheme(value)));
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
