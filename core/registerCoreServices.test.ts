import { container as rootContainer } from 'tsyringe';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { makeTestToken } from '../tests/harness/tokens';
import { BrandingServiceToken } from './branding/BrandingService';
import { CaptchaServiceToken } from './captcha/CaptchaService';
import { DownloadServiceToken } from './downloads/DownloadService';
import { GlobalErrorReporterToken } from './errors/GlobalErrorReporter';
import { AxiosInstanceToken, AxiosLoaderToken, HttpServiceToken } from './http/HttpService';
import { LocaleServiceToken } from './locale/LocaleService';
import { ModalServiceToken } from './modals/ModalService';
import { BrowserNavigationService } from './navigation/BrowserNavigationService';
import { MemoryNavigationService } from './navigation/MemoryNavigationService';
import { NavigationServiceToken } from './navigation/NavigationService';
import { PermissionsServiceToken } from './permissions/PermissionsService';
import { registerCoreServices, serviceOverride } from './registerCoreServices';
import { SessionServiceToken } from './session/SessionService';
import { SessionTransportToken } from './session/SessionTransport';
import { StorageServiceToken } from './storage/StorageService';
import { createFakeAxios } from './testing/createFakeAxios';
import { type ThemeService, ThemeServiceToken } from './theme/ThemeService';
import { DefaultToastService } from './toasts/DefaultToastService';
import { ToastServiceToken } from './toasts/ToastService';

const ALL = [
  AxiosLoaderToken,
  SessionTransportToken,
  GlobalErrorReporterToken,
  NavigationServiceToken,
  StorageServiceToken,
  SessionServiceToken,
  PermissionsServiceToken,
  ToastServiceToken,
  HttpServiceToken,
  ModalServiceToken,
  DownloadServiceToken,
  ThemeServiceToken,
  LocaleServiceToken,
  CaptchaServiceToken,
  BrandingServiceToken,
];

beforeEach(() => localStorage.clear());
afterEach(() => vi.useRealTimers());

describe('registerCoreServices', () => {
  it('registers every core service as a singleton', async () => {
    const container = registerCoreServices(rootContainer.createChildContainer());
    for (const token of ALL) {
      expect(container.isRegistered(token)).toBe(true);
      expect(container.resolve(token as symbol)).toBe(container.resolve(token as symbol));
    }
    expect(container.resolve(NavigationServiceToken)).toBeInstanceOf(BrowserNavigationService);
    // No instance before the first call: axios is not loaded with the first screen.
    expect(container.isRegistered(AxiosInstanceToken, true)).toBe(false);
    await container.dispose();
  });

  it('keeps fakes registered before, and accepts [token, fake] pairs', async () => {
    const fakeToasts = new DefaultToastService();
    const pre = rootContainer.createChildContainer();
    pre.register(ToastServiceToken, { useValue: fakeToasts });
    const nav = new MemoryNavigationService('/gluon');
    const container = registerCoreServices(pre, { services: [[NavigationServiceToken, nav]] });
    expect(container.resolve(ToastServiceToken)).toBe(fakeToasts);
    expect(container.resolve(NavigationServiceToken)).toBe(nav);
    await container.dispose();
  });

  it('an in-memory navigation given as a service is used; the given axios serves http, and the session through its own transport', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const fake = createFakeAxios(() => ({ status: 200, data: {} }));
    const container = registerCoreServices(rootContainer.createChildContainer(), {
      services: [[NavigationServiceToken, new MemoryNavigationService('/login?x=1')]],
      axios: fake.axios,
    });
    const nav = container.resolve(NavigationServiceToken);
    expect(nav).toBeInstanceOf(MemoryNavigationService);
    expect(nav.search()).toBe('x=1');

    const session = container.resolve(SessionServiceToken);
    const http = container.resolve(HttpServiceToken);
    const token = makeTestToken(['gln#fl#r']);
    session.adopt({ token, user: { username: 'ann', email: 'a@x', totpEnabled: false } });
    await http.get('/gluon-backend/anything');
    expect(fake.requests.at(-1)!.headers.Authorization).toBe(`Bearer ${token}`);
    expect(container.resolve(PermissionsServiceToken).perms()).toEqual(['gln#fl#r']);
    await container.dispose();
  });

  it("the session's refresh reaches the same server without passing through the HTTP service's interceptors", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const fake = createFakeAxios((request) =>
      request.url.endsWith('/refresh') ? { status: 401, data: {} } : { status: 200, data: {} },
    );
    const container = registerCoreServices(rootContainer.createChildContainer(), {
      services: [[NavigationServiceToken, new MemoryNavigationService('/gluon/devices')]],
      axios: fake.axios,
    });
    const http = container.resolve(HttpServiceToken);
    const session = container.resolve(SessionServiceToken);
    const intercepted: string[] = [];
    fake.axios.interceptors.request.use((config) => (intercepted.push(config.url ?? ''), config));
    const token = makeTestToken(['gln#fl#r']);
    session.adopt({ token, user: { username: 'ann', email: 'a@x', totpEnabled: false } });
    await http.get('/gluon-backend/anything');
    await session.refresh();
    expect(fake.requests.map((r) => r.url)).toEqual(['/gluon-backend/anything', '/um/refresh']);
    expect(fake.requests[1]!.headers.Authorization).toBe(`Bearer ${token}`);
    expect(intercepted).toEqual(['/gluon-backend/anything']);
    // The session handled its own 401 (forced logout back here), with no global 'No Permissions'.
    expect((container.resolve(NavigationServiceToken) as MemoryNavigationService).href()).toBe(
      '/login?returnUrl=%2Fgluon%2Fdevices',
    );
    let toasts: readonly unknown[] = [];
    container.resolve(ToastServiceToken).toasts$.subscribe((list) => (toasts = list));
    expect(toasts).toEqual([]);
    await container.dispose();
  });

  it('type-checks each [token, fake] pair against the token', async () => {
    const theme: ThemeService = { theme$: null as never, theme: () => 'dark', set: () => {}, toggle: () => {} };
    const container = registerCoreServices(rootContainer.createChildContainer(), {
      services: [
        [ThemeServiceToken, theme],
        serviceOverride(NavigationServiceToken, new MemoryNavigationService('/x')),
      ],
    });
    expect(container.resolve(ThemeServiceToken)).toBe(theme);
    // @ts-expect-error a fake that does not implement the token's interface does not compile
    registerCoreServices(rootContainer.createChildContainer(), { services: [[ThemeServiceToken, { theme: 1 }]] });
    // @ts-expect-error neither through the helper
    serviceOverride(ThemeServiceToken, { toggle: 'no' });
    await container.dispose();
  });
});
