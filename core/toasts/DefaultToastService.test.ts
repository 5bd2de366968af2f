import { firstValueFrom } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { DefaultToastService } from './DefaultToastService';
import { TOAST_TIMEOUT_MS } from './ToastService';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('DefaultToastService', () => {
  it('shows toasts with random ids, oldest first', async () => {
    const toasts = new DefaultToastService();
    const a = toasts.success('Reset password', 'Your password has been reset');
    const b = toasts.error('No Permissions', 'nope');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[0-9a-f-]{32,36}$/);
    const list = await firstValueFrom(toasts.toasts$);
    expect(list.map((t) => [t.id, t.intent, t.title, t.timeout])).toEqual([
      [a, 'success', 'Reset password', 3000],
      [b, 'error', 'No Permissions', 3000],
    ]);
  });

  it('dismisses each toast after 3000 ms', async () => {
    const toasts = new DefaultToastService();
    toasts.info('A', 'a');
    vi.advanceTimersByTime(1000);
    toasts.info('B', 'b');
    vi.advanceTimersByTime(TOAST_TIMEOUT_MS - 1000 - 1);
    expect((await firstValueFrom(toasts.toasts$)).map((t) => t.title)).toEqual(['A', 'B']);
    vi.advanceTimersByTime(1);
    expect((await firstValueFrom(toasts.toasts$)).map((t) => t.title)).toEqual(['B']);
    vi.advanceTimersByTime(1000);
    expect(await firstValueFrom(toasts.toasts$)).toEqual([]);
  });

  it('dismiss removes a toast early; timeout 0 keeps it until dismissed', async () => {
    const toasts = new DefaultToastService();
    const early = toasts.info('A', 'a');
    const sticky = toasts.show({ intent: 'warning', title: 'S', message: 's', timeout: 0 });
    toasts.dismiss(early);
    vi.advanceTimersByTime(60_000);
    expect((await firstValueFrom(toasts.toasts$)).map((t) => t.id)).toEqual([sticky]);
    toasts.dismiss(sticky);
    expect(await firstValueFrom(toasts.toasts$)).toEqual([]);
  });
});
