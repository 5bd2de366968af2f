import { isAxiosError } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { DefaultGlobalErrorReporter } from '../errors/DefaultGlobalErrorReporter';
import { MemoryNavigationService } from '../navigation/MemoryNavigationService';
import { authorizationHeader } from '../session/authorizationHeader';
import type { AuthMode, LogoutOptions, SessionService } from '../session/SessionService';
import { createFakeAxios, type FakeHandler } from '../testing/createFakeAxios';
import { DefaultToastService } from '../toasts/DefaultToastService';
import type { Toast } from '../toasts/ToastService';
import { givenAxios } from '../util/loadAxios';
import { DefaultHttpService } from './DefaultHttpService';

/** Holds credentials and records forced logouts; the real session is tested on its own. */
class RecordingSession {
  readonly forced: Array<LogoutOptions | undefined> = [];
  access: string | null = null;
  recovery: string | null = null;
  secondFactor: string | null = null;
  forceLogout(options?: LogoutOptions) {
    this.forced.push(options);
  }
  authorization(mode: AuthMode) {
    return authorizationHeader(mode, { access: this.access, recovery: this.recovery, secondFactor: this.secondFactor });
  }
}

/** Answers `/status/{n}` with that status, anything else 200 `{ ok: true }`. */
const byPath: FakeHandler = (req) => {
  const match = /\/status\/(\d+)/.exec(req.url);
  return match ? { status: Number(match[1]), data: { message: 'x' } } : { status: 200, data: { ok: true } };
};

function setup(path = '/gluon/devices?tab=2') {
  const nav = new MemoryNavigationService(path);
  const session = new RecordingSession();
  const toasts = new DefaultToastService();
  const shown: Toast[] = [];
  const seenIds = new Set<string>();
  toasts.toasts$.subscribe((list) => {
    for (const t of list) {
      if (seenIds.has(t.id)) continue;
      seenIds.add(t.id);
      shown.push(t);
    }
  });
  const fake = createFakeAxios(byPath);
  const http = new DefaultHttpService(
    givenAxios(fake.axios),
    session as unknown as SessionService,
    new DefaultGlobalErrorReporter(toasts, nav),
    nav,
  );
  return { http, axios: fake.axios, nav, session, shown, requests: fake.requests };
}

async function statusOf(promise: Promise<unknown>): Promise<number | undefined> {
  try {
    await promise;
    return 200;
  } catch (error) {
    return isAxiosError(error) ? error.response?.status : -1;
  }
}

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ now: new Date('2026-03-01T10:00:00Z'), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => vi.useRealTimers());

describe('Authorization per authMode', () => {
  it('bearer (default) sends the stored access token', async () => {
    const { http, session, requests } = setup();
    session.access = 'access-1';
    await http.get('/gluon-backend/x');
    await http.get('/gluon-backend/y', { authMode: { kind: 'bearer' } });
    expect(requests.map((r) => r.headers.Authorization)).toEqual(['Bearer access-1', 'Bearer access-1']);
  });

  it('bearer without a stored token sends no header', async () => {
    const { http, requests } = setup();
    await http.get('/x');
    expect(requests[0]!.headers.Authorization).toBeUndefined();
  });

  it('public sends none, even when signed in', async () => {
    const { http, session, requests } = setup();
    session.access = 'access-1';
    await http.get('/um/captcha/Google', { authMode: { kind: 'public' } });
    expect(requests[0]!.headers.Authorization).toBeUndefined();
  });

  it('quickLink sends its own token', async () => {
    const { http, session, requests } = setup();
    session.access = 'access-1';
    await http.get('/gluon-backend/extractors/quickdownload', { authMode: { kind: 'quickLink', token: 'ql-9' } });
    expect(requests[0]!.headers.Authorization).toBe('Bearer ql-9');
  });

  it('recovery sends zo-recovery-token', async () => {
    const { http, session, requests } = setup();
    session.access = 'access-1';
    session.recovery = 'rec-7';
    await http.put('/um/mfa/totp/create', {}, { authMode: { kind: 'recovery' } });
    expect(requests[0]!.headers.Authorization).toBe('Bearer rec-7');
    expect(requests[0]!.method).toBe('PUT');
  });

  it('the session decides the header: one the caller set is replaced (no escape hatch)', async () => {
    const { http, session, requests } = setup();
    session.access = 'access-1';
    await http.get('/x', { headers: { Authorization: 'Bearer explicit' } });
    await http.get('/y', { headers: { Authorization: 'Bearer explicit' }, authMode: { kind: 'public' } });
    expect(requests[0]!.headers.Authorization).toBe('Bearer access-1');
    expect(requests[1]!.headers.Authorization).toBeUndefined();
  });

  it('secondFactor sends the pending second-factor token the session holds', async () => {
    const { http, session, requests } = setup();
    session.access = 'access-1';
    session.secondFactor = 'mfa-3';
    await http.post('/um/mfa/totp/validateCode', {}, { authMode: { kind: 'secondFactor' } });
    expect(requests[0]!.headers.Authorization).toBe('Bearer mfa-3');
  });

  it('post/delete send method and body', async () => {
    const { http, requests } = setup();
    await http.post('/um/password', { oldPassword: 'a', newPassword: 'b' });
    await http.delete('/um/logo');
    expect(requests.map((r) => [r.method, r.url])).toEqual([
      ['POST', '/um/password'],
      ['DELETE', '/um/logo'],
    ]);
    expect(requests[0]!.data).toEqual({ oldPassword: 'a', newPassword: 'b' });
  });
});

describe('global error handling', () => {
  it('401 forces logout with the current path and query, shows No Permissions and rethrows', async () => {
    const { http, session, shown } = setup('/gluon/devices?tab=2');
    expect(await statusOf(http.get('/gluon-backend/status/401'))).toBe(401);
    expect(session.forced).toEqual([{ returnUrl: '/gluon/devices?tab=2' }]);
    expect(shown.map((t) => [t.intent, t.title, t.message])).toEqual([
      ['error', 'No Permissions', "You don't have permissions to view this page or perform this action."],
    ]);
  });

  it('403 shows No Permissions without logging out', async () => {
    const { http, session, shown } = setup();
    expect(await statusOf(http.get('/gluon-backend/status/403'))).toBe(403);
    expect(session.forced).toEqual([]);
    expect(shown.map((t) => t.title)).toEqual(['No Permissions']);
  });

  it('504 shows No Connection (info) and goes to /login', async () => {
    const { http, nav, shown, session } = setup();
    expect(await statusOf(http.get('/gluon-backend/status/504'))).toBe(504);
    expect(shown.map((t) => [t.intent, t.title, t.message])).toEqual([
      ['info', 'No Connection', 'Please make sure you have a valid internet connection and try again'],
    ]);
    expect(nav.path()).toBe('/login');
    expect(session.forced).toEqual([]);
  });

  it('other errors only reach the caller', async () => {
    const { http, nav, shown, session } = setup();
    expect(await statusOf(http.get('/gluon-backend/status/500'))).toBe(500);
    expect(await statusOf(http.get('/gluon-backend/status/404'))).toBe(404);
    expect(shown).toEqual([]);
    expect(session.forced).toEqual([]);
    expect(nav.path()).toBe('/gluon/devices');
  });

  it.each([
    '/mdm/devices/status/401',
    '/um/invite/abc/status/401',
    '/gluon-backend/sharedExtractorLinks/1/validate/status/401',
    '/gluon-backend/extractors/quickdownload/status/401',
    '/gluon-backend/consent/status/401',
    '/um/mfa/totp/validateCode/status/401',
    '/um/mfa/validatePassword/status/403',
    '/um/login/status/401',
    '/um/oauth2Login/status/401',
    '/um/passwordRecovery/status/403',
    'http://api.test/um/login/status/401',
  ])('%s is excepted from the global handling but still rejects', async (url) => {
    const { http, session, shown } = setup();
    const status = await statusOf(http.get(url));
    expect(status === 401 || status === 403).toBe(true);
    expect(session.forced).toEqual([]);
    expect(shown).toEqual([]);
  });

  it('skipGlobalErrors leaves the error to the caller', async () => {
    const { http, session, shown } = setup();
    expect(await statusOf(http.get('/x/status/401', { skipGlobalErrors: true }))).toBe(401);
    expect(session.forced).toEqual([]);
    expect(shown).toEqual([]);
  });

  it('skipGlobalErrors as a list skips only those statuses (the session refresh: 401/403 yes, 504 no)', async () => {
    const { http, nav, session, shown } = setup();
    expect(await statusOf(http.get('/um/refresh/status/401', { skipGlobalErrors: [401, 403] }))).toBe(401);
    expect(session.forced).toEqual([]);
    expect(shown).toEqual([]);
    expect(await statusOf(http.get('/um/refresh/status/504', { skipGlobalErrors: [401, 403] }))).toBe(504);
    expect(shown.map((t) => [t.intent, t.title])).toEqual([['info', 'No Connection']]);
    expect(nav.path()).toBe('/login');
  });

  it('a 401 while already on /login does not stack another forced logout', async () => {
    const { http, session, shown } = setup('/login?returnUrl=%2Fgluon');
    await statusOf(http.get('/gluon-backend/status/401'));
    expect(session.forced).toEqual([]);
    expect(shown).toHaveLength(1);
  });

  it('debounces the same toast: at most once per 2 s', async () => {
    const { http, shown } = setup();
    await Promise.all([
      statusOf(http.get('/a/status/403')),
      statusOf(http.get('/b/status/403')),
      statusOf(http.get('/c/status/401')),
    ]);
    expect(shown).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1999);
    await statusOf(http.get('/d/status/403'));
    expect(shown).toHaveLength(1);
    // A different toast is not held back by the first one.
    await statusOf(http.get('/e/status/504'));
    expect(shown.map((t) => t.title)).toEqual(['No Permissions', 'No Connection']);
    await vi.advanceTimersByTimeAsync(1);
    await statusOf(http.get('/f/status/403'));
    expect(shown.map((t) => t.title)).toEqual(['No Permissions', 'No Connection', 'No Permissions']);
  });

  it('dispose removes the interceptors', async () => {
    const { http, axios, session, requests, shown } = setup();
    session.access = 'access-1';
    await http.get('/ok');
    expect(requests[0]!.headers.Authorization).toBe('Bearer access-1');
    (http as DefaultHttpService).dispose();
    await statusOf(axios.get('/x/status/403'));
    expect(requests[1]!.headers.Authorization).toBeUndefined();
    expect(shown).toEqual([]);
  });

  it('loads its axios instance on the first call, not before, and once', async () => {
    const fake = createFakeAxios(byPath);
    let loads = 0;
    const nav = new MemoryNavigationService('/login');
    const http = new DefaultHttpService(
      () => {
        loads++;
        return Promise.resolve(fake.axios);
      },
      new RecordingSession() as unknown as SessionService,
      new DefaultGlobalErrorReporter(new DefaultToastService(), nav),
      nav,
    );
    expect(loads).toBe(0);
    await Promise.all([http.get('/a'), http.get('/b')]);
    expect(loads).toBe(1);
    expect(fake.requests.map((r) => r.url)).toEqual(['/a', '/b']);
  });
});
