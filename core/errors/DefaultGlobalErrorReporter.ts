import { inject, injectable } from 'tsyringe';

import { type NavigationService, NavigationServiceToken } from '../navigation/NavigationService';
import { type ToastService, ToastServiceToken } from '../toasts/ToastService';
import {
  GLOBAL_TOAST_DEBOUNCE_MS,
  type GlobalErrorReporter,
  NO_CONNECTION_TOAST,
  NO_PERMISSIONS_TOAST,
} from './GlobalErrorReporter';

/** Toasts and the 504 navigation of spec §8, debounced per toast. */
@injectable()
export class DefaultGlobalErrorReporter implements GlobalErrorReporter {
  private readonly lastToastAt = new Map<string, number>();

  constructor(
    @inject(ToastServiceToken) private readonly toasts: ToastService,
    @inject(NavigationServiceToken) private readonly nav: NavigationService,
  ) {}

  report(status: number | undefined): void {
    if (status === 401 || status === 403) {
      this.toastOnce('no-permissions', () =>
        this.toasts.error(NO_PERMISSIONS_TOAST.title, NO_PERMISSIONS_TOAST.message),
      );
    } else if (status === 504) {
      this.toastOnce('no-connection', () => this.toasts.info(NO_CONNECTION_TOAST.title, NO_CONNECTION_TOAST.message));
      if (!isLoginPath(this.nav.path())) this.nav.navigate('/login');
    }
  }

  /** Parallel failing calls would stack identical toasts; show one per 2 s. */
  private toastOnce(key: string, show: () => void): void {
    const now = Date.now();
    const last = this.lastToastAt.get(key);
    if (last !== undefined && now - last < GLOBAL_TOAST_DEBOUNCE_MS) return;
    this.lastToastAt.set(key, now);
    show();
  }
}

/** `/login` and below (`/login/callback`). */
export function isLoginPath(path: string): boolean {
  return /^\/login(\/|$)/.test(path);
}
