import type { Observable } from 'rxjs';

import { createServiceToken } from '../di/ServiceToken';

export type ToastIntent = 'success' | 'info' | 'warning' | 'error';

export interface Toast {
  /** Random id (spec §3). */
  id: string;
  intent: ToastIntent;
  title: string;
  message: string;
  /** Milliseconds; 3000 by default (spec §9). */
  timeout: number;
}

export interface ToastService {
  /** Toasts currently shown, oldest first. */
  readonly toasts$: Observable<readonly Toast[]>;
  show(toast: Omit<Toast, 'id' | 'timeout'> & { timeout?: number }): string;
  success(title: string, message: string): string;
  info(title: string, message: string): string;
  error(title: string, message: string): string;
  dismiss(id: string): void;
}

export const ToastServiceToken = createServiceToken<ToastService>('toasts');
export const TOAST_TIMEOUT_MS = 3000;
