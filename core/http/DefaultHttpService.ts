import type { AxiosInstance, AxiosRequestConfig, AxiosResponse } from 'axios';
import { inject, injectable } from 'tsyringe';

import { isLoginPath } from '../errors/DefaultGlobalErrorReporter';
import { type GlobalErrorReporter, GlobalErrorReporterToken } from '../errors/GlobalErrorReporter';
import { type NavigationService, NavigationServiceToken } from '../navigation/NavigationService';
import { type SessionService, SessionServiceToken } from '../session/SessionService';
import { isAxiosError } from '../util/isAxiosError';
import type { AxiosLoader } from '../util/loadAxios';
import { type ConsoleRequestConfig, createAuthorizationMiddleware } from './authorizationMiddleware';
import { isGlobalErrorException } from './globalErrorRules';
import { AxiosLoaderToken, type HttpRequestConfig, type HttpService } from './HttpService';

/**
 * The console's HTTP client: one axios instance with two middlewares, the session's
 * Authorization per `authMode` and the global 401/403/504 handling of spec §8 (a 401 forces
 * logout here; toasts and the 504 navigation are the GlobalErrorReporter's, shared with the
 * session's refresh). Errors always reach the caller too. Depends on the session, never the
 * reverse. The instance comes from a loader: in production axios is fetched with the first
 * call, after the first screen painted (docs/decisions/0031); the middleware is installed then.
 */
@injectable()
export class DefaultHttpService implements HttpService {
  private client?: Promise<AxiosInstance>;
  private installed?: { axios: AxiosInstance; request: number; response: number };
  private disposed = false;

  constructor(
    @inject(AxiosLoaderToken) private readonly load: AxiosLoader,
    @inject(SessionServiceToken) private readonly session: SessionService,
    @inject(GlobalErrorReporterToken) private readonly errors: GlobalErrorReporter,
    @inject(NavigationServiceToken) private readonly nav: NavigationService,
  ) {}

  request<T = unknown>(config: HttpRequestConfig): Promise<AxiosResponse<T>> {
    return this.instance().then((axios) => axios.request<T>(config as AxiosRequestConfig));
  }

  get<T = unknown>(url: string, config?: HttpRequestConfig): Promise<AxiosResponse<T>> {
    return this.request<T>({ ...config, method: 'GET', url });
  }

  post<T = unknown>(url: string, data?: unknown, config?: HttpRequestConfig): Promise<AxiosResponse<T>> {
    return this.request<T>({ ...config, method: 'POST', url, data });
  }

  put<T = unknown>(url: string, data?: unknown, config?: HttpRequestConfig): Promise<AxiosResponse<T>> {
    return this.request<T>({ ...config, method: 'PUT', url, data });
  }

  delete<T = unknown>(url: string, config?: HttpRequestConfig): Promise<AxiosResponse<T>> {
    return this.request<T>({ ...config, method: 'DELETE', url });
  }

  /** Removes the middleware (tsyringe calls it on `container.dispose()`). */
  dispose(): void {
    this.disposed = true;
    if (!this.installed) return;
    this.installed.axios.interceptors.request.eject(this.installed.request);
    this.installed.axios.interceptors.response.eject(this.installed.response);
    this.installed = undefined;
  }

  /** The instance, with the middleware installed on it once (not after dispose). */
  private instance(): Promise<AxiosInstance> {
    this.client ??= this.load().then((axios) => {
      if (this.disposed) return axios;
      const authorize = createAuthorizationMiddleware(this.session);
      this.installed = {
        axios,
        request: axios.interceptors.request.use((config) => authorize(config as ConsoleRequestConfig)),
        response: axios.interceptors.response.use(undefined, (error: unknown) => this.onError(error)),
      };
      return axios;
    });
    return this.client;
  }

  private onError(error: unknown): Promise<never> {
    const status = isAxiosError(error) ? error.response?.status : undefined;
    if (
      isAxiosError(error) &&
      error.config &&
      !skipsGlobalHandling((error.config as ConsoleRequestConfig).skipGlobalErrors, status)
    ) {
      if ((status === 401 || status === 403) && !isGlobalErrorException(error.config.url)) {
        // Several calls failing together must not stack `returnUrl=/login?returnUrl=…`.
        if (status === 401 && !isLoginPath(this.nav.path()))
          this.session.forceLogout({ returnUrl: this.currentHref() });
        this.errors.report(status);
      } else if (status === 504) {
        this.errors.report(status);
      }
    }
    return Promise.reject(error);
  }

  private currentHref(): string {
    const search = this.nav.search();
    return search ? `${this.nav.path()}?${search}` : this.nav.path();
  }
}

function skipsGlobalHandling(skip: HttpRequestConfig['skipGlobalErrors'], status: number | undefined): boolean {
  if (Array.isArray(skip)) return status !== undefined && skip.includes(status);
  return skip === true;
}
