import type { Observable } from 'rxjs';

import { createServiceToken } from '../di/ServiceToken';

export type Theme = 'light' | 'dark';

export interface ThemeService {
  readonly theme$: Observable<Theme>;
  theme(): Theme;
  set(theme: Theme): void;
  toggle(): void;
}

export const ThemeServiceToken = createServiceToken<ThemeService>('theme');
