import axios, { type AxiosInstance } from 'axios';
import { Lifecycle, type DependencyContainer, type InjectionToken } from 'tsyringe';
import type { ServiceToken } from './di/ServiceToken';
import { DefaultDownloadService } from './downloads/DefaultDownloadService';
import { DownloadServiceToken } from './downloads/DownloadService';
import { DefaultHttpService } from './http/DefaultHttpService';
import { AxiosInstanceToken, HttpServiceToken } from './http/HttpService';
import { DefaultLocaleService } from './locale/DefaultLocaleService';
import { LocaleServiceToken } from './locale/LocaleService';
import { DefaultModalService } from './modals/DefaultModalService';
import { ModalServiceToken } from './modals/ModalService';
import { BrowserNavigationService } from './navigation/BrowserNavigationService';
import { MemoryNavigationService } from './navigation/MemoryNavigationService';
import { NavigationServiceToken } from './navigation/NavigationService';
import { DefaultPermissionsService } from './permissions/DefaultPermissionsService';
import { PermissionsServiceToken } from './permissions/PermissionsService';
import { DefaultSessionService } from './session/DefaultSessionService';
import { SessionServiceToken } from './session/SessionService';
import { BrowserStorageService } from './storage/BrowserStorageService';
import { StorageServiceToken } from './storage/StorageService';
import { DefaultThemeService } from './theme/DefaultThemeService';
import { ThemeServiceToken } from './theme/ThemeService';
import { DefaultToastService } from './toasts/DefaultToastService';
import { ToastServiceToken } from './toasts/ToastService';

/** A `[token, implementation]` pair, e.g. `[SessionServiceToken, fakeSession]`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ServiceOverride = readonly [ServiceToken<any>, unknown];

export interface RegisterCoreServicesOptions {
  /** Registered first (as values), so the defaults below skip their tokens. */
  services?: readonly ServiceOverride[];
  /** Use an in-memory NavigationService starting here (tests, harness) instead of the browser's. */
  initialPath?: string;
  /** The shared axios instance (tests pass one with a fake adapter). */
  axios?: AxiosInstance;
}

type Constructor<T> = new (...args: never[]) => T;

/**
 * Registers every default core service as a container singleton, leaving alone any token the
 * caller registered already (fakes in tests, a harness's `[token, fake]` pairs).
 */
export function registerCoreServices(
  container: DependencyContainer,
  options: RegisterCoreServicesOptions = {},
): DependencyContainer {
  for (const [token, value] of options.services ?? []) container.register(token, { useValue: value });

  const free = (token: symbol) => !container.isRegistered(token as InjectionToken<unknown>, true);
  const singleton = <T>(token: ServiceToken<T>, implementation: Constructor<T>) => {
    if (free(token)) {
      container.register<T>(token, { useClass: implementation as unknown as new (...args: unknown[]) => T }, { lifecycle: Lifecycle.Singleton });
    }
  };

  if (free(AxiosInstanceToken)) container.register(AxiosInstanceToken, { useValue: options.axios ?? axios.create() });
  if (free(NavigationServiceToken) && options.initialPath !== undefined) {
    container.register(NavigationServiceToken, { useValue: new MemoryNavigationService(options.initialPath) });
  }
  singleton(NavigationServiceToken, BrowserNavigationService);
  singleton(StorageServiceToken, BrowserStorageService);
  singleton(SessionServiceToken, DefaultSessionService);
  singleton(PermissionsServiceToken, DefaultPermissionsService);
  singleton(ToastServiceToken, DefaultToastService);
  singleton(HttpServiceToken, DefaultHttpService);
  singleton(ModalServiceToken, DefaultModalService);
  singleton(DownloadServiceToken, DefaultDownloadService);
  singleton(ThemeServiceToken, DefaultThemeService);
  singleton(LocaleServiceToken, DefaultLocaleService);
  return container;
}
