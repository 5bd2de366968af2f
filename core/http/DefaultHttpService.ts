import { type AxiosInstance, type AxiosRequestConfig, type AxiosResponse, isAxiosError } from 'axios';
import { inject, injectable } from 'tsyringe';

import { isLoginPath } from '../errors/DefaultGlobalErrorReporter';
import { type GlobalErrorReporter, GlobalErrorReporterToken } from '../errors/GlobalErrorReporter';
import { type NavigationService, NavigationServiceToken } from '../navigation/NavigationService';
import { type SessionService, SessionServiceToken } from '../session/SessionService';
import { type ConsoleRequestConfig, createAuthorizationMiddleware } from './authorizationMiddleware';
import { isGlobalErrorException } from './globalErrorRules';
import { AxiosInstanceToken, type HttpRequestConfig, type HttpService } from './HttpService';

/**
 * The console's HTTP client: one axios instance with two middlewares, the session's
 * Authorization per `authMode` and the global 401/403/504 handling of spec §8 (a 401 forces
 * logout here; toasts and the 504 navigation are the GlobalErrorReporter's, shared with the
 * session's refresh). Errors always reach the caller too. Depends on the session, never the
 * reverse.
 */
@injectable()
export class DefaultHttpService implements HttpService {
  private readonly interceptorIds: { request: number; response: number };

  constructor(
    @inject(AxiosInstanceToken) readonly axios: AxiosInstance,
    @inject(SessionServiceToken) private readonly session: SessionService,
    @inject(GlobalErrorReporterToken) private readonly errors: GlobalErrorReporter,
    @inject(NavigationServiceToken) private readonly nav: NavigationService,
  ) {
    const authorize = createAuthorizationMiddleware(session);
    this.interceptorIds = {
      request: axios.interceptors.request.use((config) => authorize(config as ConsoleRequestConfig)),
      response: axios.interceptors.response.use(undefined, (error: unknown) => this.onError(error)),
    };
  }

  request<T = unknown>(config: HttpRequestConfig): Promise<AxiosResponse<T>> {
    return this.axios.request<T>(config as AxiosRequestConfig);
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
    this.axios.interceptors.request.eject(this.interceptorIds.request);
    this.axios.interceptors.response.eject(this.interceptorIds.response);
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
