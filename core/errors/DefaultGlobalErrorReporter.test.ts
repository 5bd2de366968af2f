import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { MemoryNavigationService } from '../navigation/MemoryNavigationService';
import { DefaultToastService } from '../toasts/DefaultToastService';
import type { Toast } from '../toasts/ToastService';
import { DefaultGlobalErrorReporter } from './DefaultGlobalErrorReporter';

function setup(path = '/gluon/devices') {
  const nav = new MemoryNavigationService(path);
  const toasts = new DefaultToastService();
  const shown: Toast[] = [];
  const seen = new Set<string>();
  toasts.toasts$.subscribe((list) => {
    for (const t of list) {
      if (seen.has(t.id)) continue;
      seen.add(t.id);
      shown.push(t);
    }
  });
  return { reporter: new DefaultGlobalErrorReporter(toasts, nav), nav, shown };
}

beforeEach(() =>
  vi.useFakeTimers({ now: new Date('2026-03-01T10:00:00Z'), toFake: ['setTimeout', 'clearTimeout', 'Date'] }),
);
afterEach(() => vi.useRealTimers());

describe('DefaultGlobalErrorReporter', () => {
  it('401 and 403 show No Permissions and stay on the page', () => {
    const { reporter, nav, shown } = setup();
    reporter.report(401);
    expect(shown.map((t) => [t.intent, t.title, t.message])).toEqual([
      ['error', 'No Permissions', "You don't have permissions to view this page or perform this action."],
    ]);
    expect(nav.path()).toBe('/gluon/devices');
  });

  it('504 shows No Connection and goes to /login, but not again from /login', () => {
    const { reporter, nav, shown } = setup();
    reporter.report(504);
    expect(shown.map((t) => [t.intent, t.title])).toEqual([['info', 'No Connection']]);
    expect(nav.path()).toBe('/login');
    nav.navigate('/login?returnUrl=%2Fgluon');
    vi.advanceTimersByTime(2000);
    reporter.report(504);
    expect(nav.href()).toBe('/login?returnUrl=%2Fgluon');
  });

  it('ignores other statuses and missing ones', () => {
    const { reporter, nav, shown } = setup();
    for (const status of [undefined, 400, 404, 500, 503]) reporter.report(status);
    expect(shown).toEqual([]);
    expect(nav.path()).toBe('/gluon/devices');
  });

  it('shows the same toast at most once per 2 s, a different one at once', () => {
    const { reporter, shown } = setup();
    reporter.report(403);
    reporter.report(401);
    vi.advanceTimersByTime(1999);
    reporter.report(403);
    reporter.report(504);
    expect(shown.map((t) => t.title)).toEqual(['No Permissions', 'No Connection']);
    vi.advanceTimersByTime(1);
    reporter.report(403);
    expect(shown.map((t) => t.title)).toEqual(['No Permissions', 'No Connection', 'No Permissions']);
  });
});
