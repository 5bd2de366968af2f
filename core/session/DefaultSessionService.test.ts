import { firstValueFrom } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { makeTestToken } from '../../tests/harness/tokens';
import { DefaultGlobalErrorReporter } from '../errors/DefaultGlobalErrorReporter';
import { MemoryNavigationService } from '../navigation/MemoryNavigationService';
import { BrowserStorageService } from '../storage/BrowserStorageService';
import { StorageKeys } from '../storage/StorageService';
import { createFakeAxios, type FakeHandler } from '../testing/createFakeAxios';
import { DefaultToastService } from '../toasts/DefaultToastService';
import { AxiosSessionTransport } from './AxiosSessionTransport';
import { DefaultSessionService } from './DefaultSessionService';
import { type Profile, REFRESH_INTERVAL_MS } from './SessionService';

const PROFILE: Profile = { username: 'ann', email: 'ann@example.com', totpEnabled: false };
const ISS = 'http://api.test/um';
const NOW = new Date('2026-03-01T10:00:00Z').getTime();

function token(extra: Record<string, unknown> = {}): string {
  return makeTestToken(['gln#fl#r'], { sub: 'u1', iss: ISS, exp: NOW / 1000 + 3600, ...extra });
}

let refreshCount = 0;
/** Answers refresh with a new token each time and logout with what the test says. */
function server(logoutAnswer: { status: number; data?: unknown } = { status: 200, data: {} }): FakeHandler {
  return (req) => {
    if (req.url.endsWith('/refresh')) {
      refreshCount += 1;
      return { status: 200, data: { token: token({ n: refreshCount }), user: { ...PROFILE, totpEnabled: true } } };
    }
    if (req.url.endsWith('/logout')) return logoutAnswer;
    return { status: 404 };
  };
}

function setup(options: { path?: string; handler?: FakeHandler } = {}) {
  const storage = new BrowserStorageService();
  const nav = new MemoryNavigationService(options.path ?? '/gluon');
  const fake = createFakeAxios(options.handler ?? server());
  const errors = new DefaultGlobalErrorReporter(new DefaultToastService(), nav);
  const session = new DefaultSessionService(storage, nav, new AxiosSessionTransport(fake.axios), errors);
  const refreshes = () => fake.requests.filter((r) => r.url.endsWith('/refresh'));
  return { storage, nav, session, requests: fake.requests, refreshes };
}

const sessions: DefaultSessionService[] = [];
function track<T extends { session: DefaultSessionService }>(value: T): T {
  sessions.push(value.session);
  return value;
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  document.cookie = 'access_token=; path=/; max-age=0';
  refreshCount = 0;
  vi.useFakeTimers({ now: NOW, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  for (const s of sessions.splice(0)) s.dispose();
  vi.useRealTimers();
});

describe('sign-in state', () => {
  it('adopt stores token and profile, mirrors the cookie and reports signed in', async () => {
    const { session, storage } = track(setup({ path: '/login' }));
    expect(await firstValueFrom(session.signedIn$)).toBe(false);
    const t = token();
    session.adopt({ token: t, user: PROFILE });
    expect(localStorage.getItem('zo-token')).toBe(t);
    expect(JSON.parse(localStorage.getItem('zo-profile')!)).toEqual(PROFILE);
    expect(storage.getAccessCookie()).toBe(t);
    expect(await firstValueFrom(session.signedIn$)).toBe(true);
    expect(session.claims()?.perms).toEqual(['gln#fl#r']);
    expect(session.claims()?.iss).toBe(ISS);
  });

  it('signed in needs both token and profile', async () => {
    localStorage.setItem('zo-token', token());
    const { session } = track(setup({ path: '/login' }));
    expect(session.token()).not.toBeNull();
    expect(await firstValueFrom(session.signedIn$)).toBe(false);
  });

  it('an undecodable token has null claims', () => {
    localStorage.setItem('zo-token', 'not-a-jwt');
    const { session } = track(setup({ path: '/login' }));
    expect(session.claims()).toBeNull();
  });

  it('an expired token found at start is cleared', () => {
    localStorage.setItem('zo-token', token({ exp: NOW / 1000 - 1 }));
    localStorage.setItem('zo-profile', JSON.stringify(PROFILE));
    const { session } = track(setup({ path: '/login' }));
    expect(session.token()).toBeNull();
    expect(localStorage.getItem('zo-token')).toBeNull();
    expect(localStorage.getItem('zo-profile')).toBeNull();
  });

  it('setRecoveryToken stores and removes zo-recovery-token', async () => {
    const { session } = track(setup());
    session.setRecoveryToken('rec');
    expect(localStorage.getItem('zo-recovery-token')).toBe('rec');
    expect(await firstValueFrom(session.recoveryActive$)).toBe(true);
    expect(session.authorization({ kind: 'recovery' })).toBe('Bearer rec');
    session.setRecoveryToken(null);
    expect(localStorage.getItem('zo-recovery-token')).toBeNull();
  });

  it('updateProfile patches the stored profile', () => {
    const { session } = track(setup({ path: '/login' }));
    session.adopt({ token: token(), user: PROFILE });
    session.updateProfile({ totpEnabled: true });
    expect(JSON.parse(localStorage.getItem('zo-profile')!).totpEnabled).toBe(true);
  });
});

describe('periodic refresh', () => {
  it('runs immediately and then every 3 minutes, replacing token, profile and cookie', async () => {
    const { session, storage, refreshes } = track(setup({ path: '/gluon' }));
    session.adopt({ token: token(), user: PROFILE });
    await vi.advanceTimersByTimeAsync(0);
    expect(refreshes()).toHaveLength(1);
    expect(refreshes()[0]!.url).toBe(`${ISS}/refresh`);
    const first = session.token();
    expect(session.claims()?.n).toBe(1);
    expect(storage.getAccessCookie()).toBe(first);
    expect(session.profile()?.totpEnabled).toBe(true);

    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS - 1);
    expect(refreshes()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshes()).toHaveLength(2);
    expect(refreshes()[1]!.headers.Authorization).toBe(`Bearer ${first}`);
    expect(session.claims()?.n).toBe(2);
    expect(storage.getAccessCookie()).toBe(session.token());
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS * 2);
    expect(refreshes()).toHaveLength(4);
  });

  it('uses /um/refresh when the token has no issuer', async () => {
    const { session, refreshes } = track(setup());
    session.adopt({ token: token({ iss: undefined }), user: PROFILE });
    await vi.advanceTimersByTimeAsync(0);
    expect(refreshes()[0]!.url).toBe('/um/refresh');
  });

  it.each(['/login', '/login/callback', '/invite/abc123'])(
    'does not run on %s, and starts when leaving it',
    async (path) => {
      const { session, nav, refreshes } = track(setup({ path }));
      session.adopt({ token: token(), user: PROFILE });
      await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS * 2);
      expect(refreshes()).toHaveLength(0);
      nav.navigate('/gluon');
      await vi.advanceTimersByTimeAsync(0);
      expect(refreshes()).toHaveLength(1);
    },
  );

  it('stops when the user goes to /login and does not restart on moves between app pages', async () => {
    const { session, nav, refreshes } = track(setup({ path: '/gluon' }));
    session.adopt({ token: token(), user: PROFILE });
    await vi.advanceTimersByTimeAsync(0);
    nav.navigate('/gluon/upload');
    await vi.advanceTimersByTimeAsync(0);
    expect(refreshes()).toHaveLength(1);
    nav.navigate('/login');
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS * 3);
    expect(refreshes()).toHaveLength(1);
  });

  it('a return from /login within half a period does not refresh again (no loop through a gateway outage)', async () => {
    const { session, nav, refreshes } = track(setup({ path: '/gluon' }));
    session.adopt({ token: token(), user: PROFILE });
    await vi.advanceTimersByTimeAsync(0);
    expect(refreshes()).toHaveLength(1);
    nav.navigate('/login');
    nav.navigate('/gluon');
    await vi.advanceTimersByTimeAsync(0);
    expect(refreshes()).toHaveLength(1);
    // A return after half a period is a new period: it refreshes at once, then every 3 minutes.
    nav.navigate('/login');
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS / 2);
    nav.navigate('/gluon');
    await vi.advanceTimersByTimeAsync(0);
    expect(refreshes()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    expect(refreshes()).toHaveLength(3);
  });

  it('stops on sign-out', async () => {
    const { session, refreshes } = track(setup({ path: '/gluon' }));
    session.adopt({ token: token(), user: PROFILE });
    await vi.advanceTimersByTimeAsync(0);
    await session.logout();
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS * 3);
    expect(refreshes()).toHaveLength(1);
  });

  it('does not start for a second-factor-only token (first permission umg#otp#r)', async () => {
    const { session, refreshes } = track(setup({ path: '/gluon' }));
    session.adopt({ token: token({ perms: ['umg#otp#r'] }), user: PROFILE });
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS * 2);
    expect(refreshes()).toHaveLength(0);
    session.adopt({ token: token(), user: PROFILE });
    await vi.advanceTimersByTimeAsync(0);
    expect(refreshes()).toHaveLength(1);
  });

  it('starts for a session already stored when the app opens', async () => {
    localStorage.setItem('zo-token', token());
    localStorage.setItem('zo-profile', JSON.stringify(PROFILE));
    const { refreshes } = track(setup({ path: '/gluon' }));
    await vi.advanceTimersByTimeAsync(0);
    expect(refreshes()).toHaveLength(1);
  });

  it('a 401 from refresh forces logout back to the current page', async () => {
    const { session, nav } = track(
      setup({
        path: '/gluon/devices',
        handler: (req) => (req.url.endsWith('/refresh') ? { status: 401 } : { status: 200, data: {} }),
      }),
    );
    nav.navigate('/gluon/devices?tab=2');
    session.adopt({ token: token(), user: PROFILE });
    await vi.advanceTimersByTimeAsync(0);
    expect(session.token()).toBeNull();
    expect(nav.href()).toBe('/login?returnUrl=%2Fgluon%2Fdevices%3Ftab%3D2');
  });

  it('keeps the token when refresh fails for network reasons and retries next period', async () => {
    let fail = true;
    const { session, refreshes } = track(
      setup({ handler: () => (fail ? { networkError: true } : { status: 200, data: { token: token({ n: 'ok' }) } }) }),
    );
    const t = token();
    session.adopt({ token: t, user: PROFILE });
    await vi.advanceTimersByTimeAsync(0);
    expect(session.token()).toBe(t);
    fail = false;
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    expect(refreshes()).toHaveLength(2);
    expect(session.claims()?.n).toBe('ok');
  });
});

describe('logout and forced logout', () => {
  function signedIn(path = '/gluon', handler?: FakeHandler, provider?: string) {
    const ctx = track(setup({ path: '/login', handler }));
    ctx.session.adopt({ token: token(), user: PROFILE });
    if (provider) ctx.storage.set(StorageKeys.oauthProvider, provider);
    ctx.storage.set(StorageKeys.envType, 'saas');
    ctx.storage.set(StorageKeys.onboarding, '1');
    ctx.storage.set(StorageKeys.theme, 'dark');
    ctx.storage.setRememberToken('ann', 'remember-me');
    ctx.nav.navigate(path);
    return ctx;
  }

  it('logout calls {iss}/logout, clears token, profile, flags and cookie, keeps preferences, goes to /login?reauth=false', async () => {
    const { session, nav, storage, requests } = signedIn();
    const t = session.token();
    await session.logout();
    const call = requests.find((r) => r.url.endsWith('/logout'))!;
    expect(call.url).toBe(`${ISS}/logout`);
    expect(call.headers.Authorization).toBe(`Bearer ${t}`);
    for (const key of ['zo-token', 'zo-profile', 'envType', 'ce-onboarding'])
      expect(localStorage.getItem(key)).toBeNull();
    expect(storage.getAccessCookie()).toBeNull();
    expect(localStorage.getItem('jetp-theme')).toBe('dark');
    expect(storage.getRememberToken('ann')).toBe('remember-me');
    expect(await firstValueFrom(session.signedIn$)).toBe(false);
    expect(nav.href()).toBe('/login?reauth=false');
  });

  it('logout adds the encoded returnUrl', async () => {
    const { session, nav } = signedIn();
    await session.logout({ returnUrl: '/gluon/devices?x=1' });
    expect(nav.href()).toBe('/login?reauth=false&returnUrl=%2Fgluon%2Fdevices%3Fx%3D1');
  });

  it('logout of a jamf session follows the provider logoutUrl', async () => {
    const { session, nav } = signedIn(
      '/gluon',
      server({ status: 200, data: { logoutUrl: 'https://idp.example/v2/logout?x=1' } }),
      'jamf',
    );
    await session.logout();
    expect(nav.assigned).toEqual(['https://idp.example/v2/logout?x=1']);
    expect(nav.path()).toBe('/gluon');
    expect(session.token()).toBeNull();
  });

  it('logout of a non-jamf session ignores a logoutUrl', async () => {
    const { session, nav } = signedIn(
      '/gluon',
      server({ status: 200, data: { logoutUrl: 'https://idp.example/logout' } }),
      'google',
    );
    await session.logout();
    expect(nav.assigned).toEqual([]);
    expect(nav.href()).toBe('/login?reauth=false');
  });

  it('logout ignores a logoutUrl that is not a web address', async () => {
    const { session, nav } = signedIn(
      '/gluon',
      server({ status: 200, data: { logoutUrl: 'javascript:alert(1)' } }),
      'jamf',
    );
    await session.logout();
    expect(nav.assigned).toEqual([]);
    expect(nav.href()).toBe('/login?reauth=false');
  });

  it('logout signs out locally even when the server call fails', async () => {
    const { session, nav } = signedIn('/gluon', server({ status: 500 }));
    await session.logout();
    expect(session.token()).toBeNull();
    expect(nav.href()).toBe('/login?reauth=false');
  });

  it.each([
    ['jamf', '/gluon/x?a=1', '/login?reauth=true&returnUrl=%2Fgluon%2Fx%3Fa%3D1'],
    ['jamf', undefined, '/login?reauth=true'],
    ['google', '/gluon/x?a=1', '/login?returnUrl=%2Fgluon%2Fx%3Fa%3D1'],
    [undefined, undefined, '/login'],
  ])(
    'forceLogout with provider %s and returnUrl %s goes to %s without calling the server',
    (provider, returnUrl, target) => {
      const { session, nav, requests } = signedIn('/gluon', undefined, provider);
      session.forceLogout(returnUrl ? { returnUrl } : undefined);
      expect(nav.href()).toBe(target);
      expect(session.token()).toBeNull();
      expect(localStorage.getItem('oauth-provider')).toBeNull();
      expect(requests.filter((r) => r.url.endsWith('/logout'))).toHaveLength(0);
    },
  );
});

describe('two tabs', () => {
  /** What the browser does in tab B when tab A writes the shared localStorage. */
  function otherTabWrote(key: string, value: string | null) {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
    window.dispatchEvent(new StorageEvent('storage', { key, newValue: value, storageArea: localStorage }));
  }

  it('a sign-out in another tab signs this tab out and goes to /login', async () => {
    const { session, nav, refreshes } = track(setup({ path: '/login' }));
    session.adopt({ token: token(), user: PROFILE });
    nav.navigate('/gluon/devices');
    await vi.advanceTimersByTimeAsync(0);
    expect(refreshes()).toHaveLength(1);
    otherTabWrote('zo-token', null);
    otherTabWrote('zo-profile', null);
    expect(session.token()).toBeNull();
    expect(await firstValueFrom(session.signedIn$)).toBe(false);
    expect(nav.path()).toBe('/login');
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS * 2);
    expect(refreshes()).toHaveLength(1);
  });

  it('a token refreshed by another tab is picked up', () => {
    const { session } = track(setup({ path: '/login' }));
    session.adopt({ token: token(), user: PROFILE });
    const newer = token({ n: 'other-tab' });
    otherTabWrote('zo-token', newer);
    expect(session.token()).toBe(newer);
    expect(session.claims()?.n).toBe('other-tab');
  });

  it('only one tab refreshes per period; the other takes over when the first closes', async () => {
    // Both tabs share localStorage (jsdom's) but have their own service instances and servers.
    localStorage.setItem('zo-token', token());
    localStorage.setItem('zo-profile', JSON.stringify(PROFILE));
    const a = track(setup({ path: '/gluon' }));
    const b = track(setup({ path: '/gluon' }));
    await vi.advanceTimersByTimeAsync(0);
    expect(a.refreshes().length + b.refreshes().length).toBe(1);
    const [leader, follower] = a.refreshes().length === 1 ? [a, b] : [b, a];

    // The follower learns the new token through the storage event the browser would fire.
    otherTabWrote('zo-token', localStorage.getItem('zo-token'));
    expect(follower.session.token()).toBe(leader.session.token());

    for (let period = 1; period <= 3; period++) {
      await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
      expect(leader.refreshes()).toHaveLength(1 + period);
      expect(follower.refreshes()).toHaveLength(0);
    }

    // The leading tab closes (pagehide releases its lease): the follower refreshes next period.
    leader.session.dispose();
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    expect(follower.refreshes()).toHaveLength(1);
    expect(leader.refreshes()).toHaveLength(4);
  });

  it('a lease left by a crashed tab expires', async () => {
    localStorage.setItem('zo-refresh-lease', JSON.stringify({ tabId: 'crashed', until: NOW + 1000 }));
    localStorage.setItem('zo-token', token());
    localStorage.setItem('zo-profile', JSON.stringify(PROFILE));
    const a = track(setup({ path: '/gluon' }));
    await vi.advanceTimersByTimeAsync(0);
    expect(a.refreshes()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    expect(a.refreshes()).toHaveLength(1);
  });
});
