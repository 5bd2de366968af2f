import { BehaviorSubject, type Observable } from 'rxjs';
import { injectable } from 'tsyringe';

import { randomId } from '../util/randomId';
import { type Toast, TOAST_TIMEOUT_MS, type ToastIntent, type ToastService } from './ToastService';

/** Toasts as state; the service owns the 3000 ms timer so it is testable without a DOM. */
@injectable()
export class DefaultToastService implements ToastService {
  private readonly list = new BehaviorSubject<readonly Toast[]>([]);
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  readonly toasts$: Observable<readonly Toast[]> = this.list.asObservable();

  show(toast: Omit<Toast, 'id' | 'timeout'> & { timeout?: number }): string {
    const id = randomId();
    const timeout = toast.timeout ?? TOAST_TIMEOUT_MS;
    this.list.next([
      ...this.list.value,
      { id, intent: toast.intent, title: toast.title, message: toast.message, timeout },
    ]);
    // timeout <= 0 keeps the toast until dismissed.
    if (timeout > 0)
      this.timers.set(
        id,
        setTimeout(() => this.dismiss(id), timeout),
      );
    return id;
  }

  success(title: string, message: string): string {
    return this.showIntent('success', title, message);
  }

  info(title: string, message: string): string {
    return this.showIntent('info', title, message);
  }

  warning(title: string, message: string): string {
    return this.showIntent('warning', title, message);
  }

  error(title: string, message: string): string {
    return this.showIntent('error', title, message);
  }

  dismiss(id: string): void {
    const timer = this.timers.get(id);
    if (timer !== undefined) clearTimeout(timer);
    this.timers.delete(id);
    const next = this.list.value.filter((t) => t.id !== id);
    if (next.length !== this.list.value.length) this.list.next(next);
  }

  private showIntent(intent: ToastIntent, title: string, message: string): string {
    return this.show({ intent, title, message });
  }
}
