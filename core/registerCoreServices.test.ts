import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { container as rootContainer } from 'tsyringe';
import { DownloadServiceToken } from './downloads/DownloadService';
import { AxiosInstanceToken, HttpServiceToken } from './http/HttpService';
import { LocaleServiceToken } from './locale/LocaleService';
import { ModalServiceToken } from './modals/ModalService';
import { BrowserNavigationService } from './navigation/BrowserNavigationService';
import { MemoryNavigationService } from './navigation/MemoryNavigationService';
import { NavigationServiceToken } from './navigation/NavigationService';
import { PermissionsServiceToken } from './permissions/PermissionsService';
import { registerCoreServices } from './registerCoreServices';
import { SessionServiceToken } from './session/SessionService';
import { StorageServiceToken } from './storage/StorageService';
import { createFakeAxios, fakeJwt } from './testing/createFakeAxios';
import { ThemeServiceToken } from './theme/ThemeService';
import { DefaultToastService } from './toasts/DefaultToastService';
import { ToastServiceToken } from './toasts/ToastService';

const ALL = [
  AxiosInstanceToken,
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
    expect(container.resolve(HttpServiceToken).axios).toBe(container.resolve(AxiosInstanceToken));
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

  it('initialPath gives an in-memory navigation; the given axios is shared by session and http', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const fake = createFakeAxios(() => ({ status: 200, data: {} }));
    const container = registerCoreServices(rootContainer.createChildContainer(), { initialPath: '/login?x=1', axios: fake.axios });
    const nav = container.resolve(NavigationServiceToken);
    expect(nav).toBeInstanceOf(MemoryNavigationService);
    expect(nav.search()).toBe('x=1');

    const session = container.resolve(SessionServiceToken);
    const http = container.resolve(HttpServiceToken);
    const token = fakeJwt({ perms: ['gln#fl#r'] });
    session.signIn({ token, user: { username: 'ann', email: 'a@x', totpEnabled: false } });
    await http.get('/gluon-backend/anything');
    expect(fake.requests.at(-1)!.headers.Authorization).toBe(`Bearer ${token}`);
    expect(container.resolve(PermissionsServiceToken).perms()).toEqual(['gln#fl#r']);
    await container.dispose();
  });
});
