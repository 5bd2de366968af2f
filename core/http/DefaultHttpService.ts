import { inject, injectable } from 'tsyringe';
import {
  isAxiosError,
  type AxiosInstance,
  type AxiosRequestConfig,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { NavigationServiceToken, type NavigationService } from '../navigation/NavigationService';
import { SessionServiceToken, type SessionService } from '../session/SessionService';
import { StorageKeys, StorageServiceToken, type StorageService } from '../storage/StorageService';
import { ToastServiceToken, type ToastService } from '../toasts/ToastService';
import {
  GLOBAL_TOAST_DEBOUNCE_MS,
  NO_CONNECTION_TOAST,
  NO_PERMISSIONS_TOAST,
  isGlobalErrorException,
} from './globalErrorRules';
import { AxiosInstanceToken, type HttpRequestConfig, type HttpService } from './HttpService';

type ConsoleRequestConfig = InternalAxiosRequestConfig & Pick<HttpRequestConfig, 'authMode' | 'skipGlobalErrors'>;

/**
 * The one axios instance of the console with its two interceptors: Authorization per `authMode`
 * and the global 401/403/504 handling of spec §8. Errors always reach the caller too.
 */
@injectable()
export class DefaultHttpService implements HttpService {
  private readonly lastToastAt = new Map<string, number>();
  private readonly interceptorIds: { request: number; response: number };

  constructor(
    @inject(AxiosInstanceToken) readonly axios: AxiosInstance,
    @inject(StorageServiceToken) private readonly storage: StorageService,
    @inject(SessionServiceToken) private readonly session: SessionService,
    @inject(ToastServiceToken) private readonly toasts: ToastService,
    @inject(NavigationServiceToken) private readonly nav: NavigationService,
  ) {
    this.interceptorIds = {
      request: axios.interceptors.request.use((config) => this.authorize(config as ConsoleRequestConfig)),
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

  /** Removes the interceptors (tsyringe calls it on `container.dispose()`). */
  dispose(): void {
    this.axios.interceptors.request.eject(this.interceptorIds.request);
    this.axios.interceptors.response.eject(this.interceptorIds.response);
  }

  private authorize(config: ConsoleRequestConfig): ConsoleRequestConfig {
    const mode = config.authMode;
    // A caller (the session's own refresh/logout) may set the header itself.
    if (!mode && config.headers.has('Authorization')) return config;
    let token: string | null;
    switch (mode?.kind ?? 'bearer') {
      case 'public':
        token = null;
        break;
      case 'quickLink':
        token = mode?.kind === 'quickLink' ? mode.token : null;
        break;
      case 'recovery':
        token = this.storage.get(StorageKeys.recoveryToken);
        break;
      default:
        token = this.storage.get(StorageKeys.token);
    }
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    else config.headers.delete('Authorization');
    return config;
  }

  private onError(error: unknown): Promise<never> {
    const status = isAxiosError(error) ? error.response?.status : undefined;
    if (isAxiosError(error) && error.config && !skipsGlobalHandling((error.config as ConsoleRequestConfig).skipGlobalErrors, status)) {
      if ((status === 401 || status === 403) && !isGlobalErrorException(error.config.url)) {
        if (status === 401 && !this.onLoginPage()) this.session.forceLogout({ returnUrl: this.currentHref() });
        this.toastOnce('no-permissions', () => this.toasts.error(NO_PERMISSIONS_TOAST.title, NO_PERMISSIONS_TOAST.message));
      } else if (status === 504) {
        this.toastOnce('no-connection', () => this.toasts.info(NO_CONNECTION_TOAST.title, NO_CONNECTION_TOAST.message));
        if (!this.onLoginPage()) this.nav.navigate('/login');
      }
    }
    return Promise.reject(error);
  }

  /** Parallel failing calls would stack identical toasts; show one per 2 s. */
  private toastOnce(key: string, show: () => void): void {
    const now = Date.now();
    const last = this.lastToastAt.get(key);
    if (last !== undefined && now - last < GLOBAL_TOAST_DEBOUNCE_MS) return;
    this.lastToastAt.set(key, now);
    show();
  }

  /** Several calls failing together must not stack `returnUrl=/login?returnUrl=…`. */
  private onLoginPage(): boolean {
    return /^\/login(\/|$)/.test(this.nav.path());
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
