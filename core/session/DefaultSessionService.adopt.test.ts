import { isAxiosError } from 'axios';
import { firstValueFrom } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { makeTestToken } from '../../tests/harness/tokens';
import { DefaultGlobalErrorReporter } from '../errors/DefaultGlobalErrorReporter';
import { MemoryNavigationService } from '../navigation/MemoryNavigationService';
import { BrowserStorageService } from '../storage/BrowserStorageService';
import { createFakeAxios, type FakeHandler } from '../testing/createFakeAxios';
import { DefaultToastService } from '../toasts/DefaultToastService';
import type { Toast } from '../toasts/ToastService';
import { givenAxios } from '../util/loadAxios';
import { AxiosSessionTransport, withoutInterceptors } from './AxiosSessionTransport';
import { DefaultSessionService } from './DefaultSessionService';
import { SECOND_FACTOR_SESSION_KEY } from './secondFactorHandoff';
import { type Profile, REFRESH_INTERVAL_MS } from './SessionService';

const PROFILE: Profile = { username: 'ann@example.com', email: 'ann@example.com', totpEnabled: true };
const NOW = new Date('2026-03-01T10:00:00Z').getTime();
const access = (extra: Record<string, unknown> = {}) =>
  makeTestToken(['gln#fl#r'], { exp: NOW / 1000 + 600, ...extra });
const mfa = (extra: Record<string, unknown> = {}) =>
  makeTestToken(['umg#otp#r'], { typ: 'mfa', exp: NOW / 1000 + 300, ...extra });

const sessions: DefaultSessionService[] = [];

/** A session over jsdom's storage and an in-memory server; `toasts` are the global ones shown. */
function setup(options: { path?: string; handler?: FakeHandler } = {}) {
  const storage = new BrowserStorageService();
  const nav = new MemoryNavigationService(options.path ?? '/login');
  const fake = createFakeAxios(options.handler ?? (() => ({ status: 404 })));
  const toastService = new DefaultToastService();
  const toasts: Toast[] = [];
  toastService.toasts$.subscribe((list) => list.forEach((t) => toasts.includes(t) || toasts.push(t)));
  const session = new DefaultSessionService(
    storage,
    nav,
    new AxiosSessionTransport(fake.axios),
    new DefaultGlobalErrorReporter(toastService, nav),
  );
  sessions.push(session);
  return { session, storage, nav, requests: fake.requests, fake, toasts };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  document.cookie = 'access_token=; path=/; max-age=0';
  vi.useFakeTimers({ now: NOW, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  for (const s of sessions.splice(0)) s.dispose();
  vi.useRealTimers();
});

describe('adopt: a session', () => {
  it('stores token, profile, cookie, session start and provider, and reports the claims it decoded', async () => {
    const { session, storage } = setup();
    const token = access();
    const outcome = session.adopt({ token, user: PROFILE }, { returnUrl: '/neutrino', provider: 'okta' });
    expect(outcome).toEqual({
      kind: 'signed-in',
      claims: expect.objectContaining({ perms: ['gln#fl#r'] }),
      profile: PROFILE,
      returnUrl: '/neutrino',
      provider: 'okta',
    });
    // Decoded once: the outcome's claims are the session's claims.
    expect(outcome.kind === 'signed-in' && outcome.claims).toBe(session.claims());
    expect(localStorage.getItem('zo-token')).toBe(token);
    expect(JSON.parse(localStorage.getItem('zo-profile')!)).toEqual(PROFILE);
    expect(storage.getAccessCookie()).toBe(token);
    expect(localStorage.getItem('sesionStart')).toBe(String(NOW));
    expect(localStorage.getItem('oauth-provider')).toBe('okta');
    expect(localStorage.getItem('domain')).toBeNull();
    expect(await firstValueFrom(session.signedIn$)).toBe(true);
  });

  it('a vendor-IdP (jamf) session also records the username as domain', () => {
    const { session } = setup();
    session.adopt({ token: access(), user: PROFILE }, { provider: 'jamf' });
    expect(localStorage.getItem('oauth-provider')).toBe('jamf');
    expect(localStorage.getItem('domain')).toBe('ann@example.com');
  });

  it("a password session records no provider (a previous one's marker is dropped)", () => {
    const { session } = setup();
    session.adopt({ token: access(), user: PROFILE }, { provider: 'jamf' });
    session.adopt({ token: access({ n: 2 }), user: PROFILE });
    expect(localStorage.getItem('oauth-provider')).toBeNull();
    expect(localStorage.getItem('domain')).toBeNull();
  });

  it("stores the answer's remembered-device token for the answer's user (the typed name as fallback)", () => {
    const { session } = setup();
    session.adopt({ token: access(), user: PROFILE, rememberToken: 'rt-1' }, { username: 'typed-name' });
    expect(session.rememberedDevice('ann@example.com')).toBe('rt-1');
    expect(session.rememberedDevice('typed-name')).toBeNull();
    session.adopt(
      { token: access(), user: { ...PROFILE, username: '' }, rememberToken: 'rt-2' },
      { username: 'typed-name' },
    );
    expect(session.rememberedDevice('typed-name')).toBe('rt-2');
    expect(JSON.parse(localStorage.getItem('zo-remember-2fa')!)).toEqual({
      'ann@example.com': 'rt-1',
      'typed-name': 'rt-2',
    });
  });

  it('refuses an answer without a token, and a session answer without a user, with a clear error', () => {
    const { session } = setup();
    expect(() => session.adopt({ token: '', user: PROFILE })).toThrow('adopt: the sign-in answer carries no token');
    expect(() => session.adopt({ token: access() } as never)).toThrow('adopt: the sign-in answer carries no user');
    expect(session.token()).toBeNull();
  });
});

describe('adopt: a second factor', () => {
  it.each([
    ['the mfaRequired flag', () => ({ token: access({ typ: 'mfa' }), user: PROFILE, mfaRequired: true })],
    ['the first permission umg#otp#r', () => ({ token: mfa(), user: PROFILE })],
  ])('is recognised by %s: held for the two-auth step, no session started', async (_by, answer) => {
    const { session, storage, requests } = setup({ path: '/gluon' });
    const result = answer();
    const outcome = session.adopt(result, { username: 'typed', returnUrl: '/gluon/x', provider: 'google' });
    const pending = { username: 'ann@example.com', returnUrl: '/gluon/x', provider: 'google' };
    expect(outcome).toEqual({ kind: 'second-factor', pending });
    expect(session.secondFactor()).toEqual(pending);
    expect(await firstValueFrom(session.secondFactor$)).toEqual(pending);
    expect(session.authorization({ kind: 'secondFactor' })).toBe(`Bearer ${result.token}`);
    expect(session.authorization({ kind: 'bearer' })).toBeNull();
    expect(session.token()).toBeNull();
    expect(localStorage.getItem('zo-token')).toBeNull();
    expect(storage.getAccessCookie()).toBeNull();
    expect(localStorage.getItem('oauth-provider')).toBeNull();
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    expect(requests).toHaveLength(0);
  });

  it('the session that follows drops the pending second factor (memory and sessionStorage)', () => {
    const { session } = setup();
    session.adopt({ token: mfa(), user: PROFILE }, { returnUrl: '/gluon/x' });
    expect(sessionStorage.getItem(SECOND_FACTOR_SESSION_KEY)).not.toBeNull();
    const outcome = session.adopt({ token: access(), user: PROFILE }, session.secondFactor()!);
    expect(outcome).toMatchObject({ kind: 'signed-in', returnUrl: '/gluon/x' });
    expect(session.secondFactor()).toBeNull();
    expect(session.authorization({ kind: 'secondFactor' })).toBeNull();
    expect(sessionStorage.getItem(SECOND_FACTOR_SESSION_KEY)).toBeNull();
  });

  it('cancelSecondFactor forgets it', () => {
    const { session } = setup();
    session.adopt({ token: mfa(), user: PROFILE });
    session.cancelSecondFactor();
    expect(session.secondFactor()).toBeNull();
    expect(session.authorization({ kind: 'secondFactor' })).toBeNull();
    expect(sessionStorage.getItem(SECOND_FACTOR_SESSION_KEY)).toBeNull();
  });

  it('is handed over to the next page load of this tab (/login/callback -> /login), not once expired', () => {
    const token = mfa();
    setup().session.adopt({ token, user: PROFILE }, { returnUrl: '/gluon/x', provider: 'jamf' });
    const next = setup().session;
    expect(next.secondFactor()).toEqual({ username: 'ann@example.com', returnUrl: '/gluon/x', provider: 'jamf' });
    expect(next.authorization({ kind: 'secondFactor' })).toBe(`Bearer ${token}`);

    vi.setSystemTime(NOW + 301_000);
    const later = setup().session;
    expect(later.secondFactor()).toBeNull();
    expect(sessionStorage.getItem(SECOND_FACTOR_SESSION_KEY)).toBeNull();
  });

  it('a malformed handoff is discarded', () => {
    sessionStorage.setItem(SECOND_FACTOR_SESSION_KEY, '{"token":1}');
    expect(setup().session.secondFactor()).toBeNull();
    expect(sessionStorage.getItem(SECOND_FACTOR_SESSION_KEY)).toBeNull();
  });

  it('a forced logout drops it too', () => {
    const { session } = setup();
    session.adopt({ token: mfa(), user: PROFILE });
    session.forceLogout();
    expect(session.secondFactor()).toBeNull();
  });
});

describe('authorization per auth mode', () => {
  it('answers each mode from the credentials held, and none when absent', () => {
    const { session } = setup();
    const modes = () => [
      session.authorization({ kind: 'bearer' }),
      session.authorization({ kind: 'public' }),
      session.authorization({ kind: 'quickLink', token: 'ql-1' }),
      session.authorization({ kind: 'recovery' }),
      session.authorization({ kind: 'secondFactor' }),
    ];
    expect(modes()).toEqual([null, null, 'Bearer ql-1', null, null]);
    const token = access();
    session.adopt({ token, user: PROFILE });
    session.setRecoveryToken('rec-1');
    expect(modes()).toEqual([`Bearer ${token}`, null, 'Bearer ql-1', 'Bearer rec-1', null]);
    session.setRecoveryToken(null);
    expect(session.authorization({ kind: 'recovery' })).toBeNull();
    expect(session.authorization({ kind: 'quickLink', token: '' })).toBeNull();
  });

  it('refuses an unknown mode instead of guessing', () => {
    const { session } = setup();
    expect(() => session.authorization({ kind: 'bogus' } as never)).toThrow('Unknown auth mode: "bogus"');
  });

  it('follows a token refreshed, or a sign-out made, in another tab', () => {
    const { session } = setup();
    session.adopt({ token: access(), user: PROFILE });
    const newer = access({ n: 'other-tab' });
    localStorage.setItem('zo-token', newer);
    window.dispatchEvent(new StorageEvent('storage', { key: 'zo-token', newValue: newer, storageArea: localStorage }));
    expect(session.authorization({ kind: 'bearer' })).toBe(`Bearer ${newer}`);
    localStorage.removeItem('zo-token');
    window.dispatchEvent(new StorageEvent('storage', { key: 'zo-token', newValue: null, storageArea: localStorage }));
    expect(session.authorization({ kind: 'bearer' })).toBeNull();
  });

  it('recoveryActive$ says whether a recovery token is held', async () => {
    const { session } = setup();
    expect(await firstValueFrom(session.recoveryActive$)).toBe(false);
    session.setRecoveryToken('rec-1');
    expect(await firstValueFrom(session.recoveryActive$)).toBe(true);
  });
});

describe('remembered devices', () => {
  it('are kept per user, survive sign-out, and forgetDevice drops only that user', async () => {
    const { session } = setup({ handler: () => ({ status: 200, data: {} }) });
    session.adopt({ token: access(), user: PROFILE, rememberToken: 'rt-ann' });
    session.adopt({ token: access(), user: { ...PROFILE, username: 'bob' }, rememberToken: 'rt-bob' });
    await session.logout();
    expect(session.rememberedDevice('ann@example.com')).toBe('rt-ann');
    session.forgetDevice('ann@example.com');
    expect(session.rememberedDevice('ann@example.com')).toBeNull();
    expect(session.rememberedDevice('bob')).toBe('rt-bob');
    expect(session.rememberedDevice('')).toBeNull();
  });

  it('a malformed stored map is discarded', () => {
    localStorage.setItem('zo-remember-2fa', '["x"]');
    expect(setup().session.rememberedDevice('ann@example.com')).toBeNull();
    expect(localStorage.getItem('zo-remember-2fa')).toBeNull();
  });
});

describe('dropExpired', () => {
  it('drops an expired token with its profile and cookie, and keeps a valid one', async () => {
    const { session, storage } = setup();
    session.adopt({ token: access(), user: PROFILE });
    session.dropExpired();
    expect(session.token()).not.toBeNull();
    vi.setSystemTime(NOW + 601_000);
    session.dropExpired();
    expect(session.token()).toBeNull();
    expect(session.profile()).toBeNull();
    expect(localStorage.getItem('zo-token')).toBeNull();
    expect(localStorage.getItem('zo-profile')).toBeNull();
    expect(storage.getAccessCookie()).toBeNull();
    expect(await firstValueFrom(session.signedIn$)).toBe(false);
  });

  it('drops an expired pending second factor', () => {
    const { session } = setup();
    session.adopt({ token: mfa(), user: PROFILE });
    vi.setSystemTime(NOW + 301_000);
    session.dropExpired();
    expect(session.secondFactor()).toBeNull();
  });
});

describe('adoptLinkToken', () => {
  it('exchanges the link token at /um/refresh and adopts the answer', async () => {
    const fresh = access({ n: 'fresh' });
    const { session, requests } = setup({ handler: () => ({ status: 200, data: { token: fresh, user: PROFILE } }) });
    const outcome = await session.adoptLinkToken(' link-1 ');
    expect(requests.map((r) => [r.method, r.url, r.headers.Authorization])).toEqual([
      ['GET', '/um/refresh', 'Bearer link-1'],
    ]);
    expect(outcome).toMatchObject({ kind: 'signed-in', profile: PROFILE });
    expect(session.token()).toBe(fresh);
  });

  it('rejects with the answer status for a refused link, storing nothing and showing no global toast', async () => {
    const { session, toasts } = setup({ handler: () => ({ status: 401, data: { message: 'Invalid token' } }) });
    const error = await session.adoptLinkToken('bad').catch((e: unknown) => e);
    expect(isAxiosError(error) && error.response?.status).toBe(401);
    expect(session.token()).toBeNull();
    expect(toasts).toEqual([]);
  });

  it('refuses an empty token and an answer without a session', async () => {
    const { session, requests } = setup({ handler: () => ({ status: 200, data: {} }) });
    await expect(session.adoptLinkToken('  ')).rejects.toThrow('adoptLinkToken: no token given');
    expect(requests).toHaveLength(0);
    await expect(session.adoptLinkToken('t')).rejects.toThrow('adoptLinkToken: the answer carries no session');
  });
});

describe('transport', () => {
  it("refresh and logout go out with exactly the session's header, past none of the HTTP service's interceptors", async () => {
    const fake = createFakeAxios(() => ({ status: 200, data: { token: access({ n: 2 }), user: PROFILE } }));
    const seen: string[] = [];
    fake.axios.interceptors.request.use((config) => {
      seen.push(config.url ?? '');
      config.headers.set('Authorization', 'Bearer hijacked');
      return config;
    });
    const nav = new MemoryNavigationService('/login');
    const session = new DefaultSessionService(
      new BrowserStorageService(),
      nav,
      new AxiosSessionTransport(withoutInterceptors(givenAxios(fake.axios))),
      new DefaultGlobalErrorReporter(new DefaultToastService(), nav),
    );
    sessions.push(session);
    const token = access();
    session.adopt({ token, user: PROFILE });
    await session.refresh();
    const refreshed = session.token()!;
    await session.logout();
    expect(fake.requests.map((r) => [r.url, r.headers.Authorization])).toEqual([
      ['/um/refresh', `Bearer ${token}`],
      ['/um/logout', `Bearer ${refreshed}`],
    ]);
    expect(seen).toEqual([]);
  });

  it("a 504 on refresh gets the global 'No Connection' handling and keeps the token", async () => {
    const { session, nav, toasts } = setup({ path: '/login', handler: () => ({ status: 504 }) });
    const token = access();
    session.adopt({ token, user: PROFILE });
    nav.navigate('/gluon/devices');
    await expect(session.refresh()).rejects.toThrow();
    expect(toasts.map((t) => [t.intent, t.title])).toEqual([['info', 'No Connection']]);
    expect(nav.path()).toBe('/login');
    expect(session.token()).toBe(token);
  });

  it('a 403 on refresh forces logout back to the page, without a toast', async () => {
    const { session, nav, toasts } = setup({ path: '/login', handler: () => ({ status: 403 }) });
    session.adopt({ token: access(), user: PROFILE });
    nav.navigate('/gluon/devices?tab=2');
    await session.refresh();
    expect(session.token()).toBeNull();
    expect(nav.href()).toBe('/login?returnUrl=%2Fgluon%2Fdevices%3Ftab%3D2');
    expect(toasts).toEqual([]);
  });
});
