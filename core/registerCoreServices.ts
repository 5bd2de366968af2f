import type { AxiosInstance } from 'axios';
import { type DependencyContainer, type InjectionToken, instanceCachingFactory, Lifecycle } from 'tsyringe';

import { ApiClientToken } from './api/ApiClient';
import { DefaultApiClient } from './api/DefaultApiClient';
import { BrandingServiceToken } from './branding/BrandingService';
import { DefaultBrandingService } from './branding/DefaultBrandingService';
import { CaptchaServiceToken } from './captcha/CaptchaService';
import { DefaultCaptchaService } from './captcha/DefaultCaptchaService';
import type { ServiceToken } from './di/ServiceToken';
import { DefaultDownloadService } from './downloads/DefaultDownloadService';
import { DownloadServiceToken } from './downloads/DownloadService';
import { DefaultGlobalErrorReporter } from './errors/DefaultGlobalErrorReporter';
import { GlobalErrorReporterToken } from './errors/GlobalErrorReporter';
import { DefaultHttpService } from './http/DefaultHttpService';
import { AxiosInstanceToken, AxiosLoaderToken, HttpServiceToken } from './http/HttpService';
import { DefaultLocaleService } from './locale/DefaultLocaleService';
import { LocaleServiceToken } from './locale/LocaleService';
import { DefaultModalService } from './modals/DefaultModalService';
import { ModalServiceToken } from './modals/ModalService';
import { BrowserNavigationService } from './navigation/BrowserNavigationService';
import { NavigationServiceToken } from './navigation/NavigationService';
import { DefaultPermissionsService } from './permissions/DefaultPermissionsService';
import { PermissionsServiceToken } from './permissions/PermissionsService';
import { AxiosSessionTransport, withoutInterceptors } from './session/AxiosSessionTransport';
import { DefaultSessionService } from './session/DefaultSessionService';
import { SessionServiceToken } from './session/SessionService';
import { SessionTransportToken } from './session/SessionTransport';
import { BrowserStorageService } from './storage/BrowserStorageService';
import { StorageServiceToken } from './storage/StorageService';
import { DefaultThemeService } from './theme/DefaultThemeService';
import { ThemeServiceToken } from './theme/ThemeService';
import { DefaultToastService } from './toasts/DefaultToastService';
import { ToastServiceToken } from './toasts/ToastService';
import { givenAxios, lazyAxios } from './util/loadAxios';

/**
 * A `[token, implementation]` pair, e.g. `[SessionServiceToken, fakeSession]`. Written as a
 * literal inside `services: [...]` of `registerCoreServices` or `renderHost`, each pair's
 * implementation is checked against its token's interface (see {@link ServiceOverrides}).
 */
export type ServiceOverride<T = unknown> = readonly [ServiceToken<T>, T];

/**
 * A list of overrides, each implementation typed by its own token: `Services` is inferred per
 * element from the tokens, so `[[ThemeServiceToken, { theme: 1 }]]` does not compile.
 */
export type ServiceOverrides<Services extends readonly unknown[] = readonly unknown[]> = {
  // Inferred from the token only: the fake is then checked against it, not used to widen it.
  readonly [K in keyof Services]: readonly [ServiceToken<Services[K]>, NoInfer<Services[K]>];
};

/** One override, checked against its token (for lists built outside a `services: [...]` literal). */
export function serviceOverride<T>(token: ServiceToken<T>, implementation: NoInfer<T>): ServiceOverride<T> {
  return [token, implementation];
}

export interface RegisterCoreServicesOptions<Services extends readonly unknown[] = readonly unknown[]> {
  /** Registered first (as values), so the defaults below skip their tokens. */
  services?: ServiceOverrides<Services>;
  /** The HTTP service's axios instance (tests pass one with a fake adapter). The session's
   *  transport is a fresh instance with the same defaults and none of its interceptors. */
  axios?: AxiosInstance;
}

type Constructor<T> = new (...args: never[]) => T;

/**
 * Registers every default core service as a container singleton, leaving alone any token the
 * caller registered already (fakes in tests, a harness's `[token, fake]` pairs).
 */
export function registerCoreServices<const Services extends readonly unknown[] = readonly unknown[]>(
  container: DependencyContainer,
  options: RegisterCoreServicesOptions<Services> = {},
): DependencyContainer {
  for (const [token, value] of (options.services ?? []) as readonly ServiceOverride[])
    container.register(token, { useValue: value });

  const free = (token: symbol) => !container.isRegistered(token as InjectionToken<unknown>, true);
  const singleton = <T>(token: ServiceToken<T>, implementation: Constructor<T>) => {
    if (free(token)) {
      container.register<T>(
        token,
        { useClass: implementation as unknown as new (...args: unknown[]) => T },
        { lifecycle: Lifecycle.Singleton },
      );
    }
  };

  if (options.axios && free(AxiosInstanceToken)) container.register(AxiosInstanceToken, { useValue: options.axios });
  if (free(AxiosLoaderToken)) {
    // A registered instance (tests' in-memory server) is used as it is; otherwise axios loads
    // with the first call, after the first screen (docs/decisions/0031).
    container.register(AxiosLoaderToken, {
      useFactory: instanceCachingFactory((c) =>
        c.isRegistered(AxiosInstanceToken, true) ? givenAxios(c.resolve(AxiosInstanceToken)) : lazyAxios(),
      ),
    });
  }
  if (free(SessionTransportToken)) {
    container.register(SessionTransportToken, {
      useFactory: instanceCachingFactory(
        (c) => new AxiosSessionTransport(withoutInterceptors(c.resolve(AxiosLoaderToken))),
      ),
    });
  }
  singleton(NavigationServiceToken, BrowserNavigationService);
  singleton(StorageServiceToken, BrowserStorageService);
  singleton(ToastServiceToken, DefaultToastService);
  singleton(GlobalErrorReporterToken, DefaultGlobalErrorReporter);
  singleton(SessionServiceToken, DefaultSessionService);
  singleton(PermissionsServiceToken, DefaultPermissionsService);
  singleton(HttpServiceToken, DefaultHttpService);
  singleton(ApiClientToken, DefaultApiClient);
  singleton(ModalServiceToken, DefaultModalService);
  singleton(DownloadServiceToken, DefaultDownloadService);
  singleton(ThemeServiceToken, DefaultThemeService);
  singleton(LocaleServiceToken, DefaultLocaleService);
  singleton(CaptchaServiceToken, DefaultCaptchaService);
  singleton(BrandingServiceToken, DefaultBrandingService);
  return container;
}
