import type { AxiosInstance, AxiosRequestConfig, AxiosResponse } from 'axios';
import { createServiceToken } from '../di/ServiceToken';

/** How a request authenticates (spec §7). */
export type AuthMode =
  | { kind: 'bearer' }
  | { kind: 'public' }
  | { kind: 'quickLink'; token: string }
  | { kind: 'recovery' };

export interface HttpRequestConfig extends Omit<AxiosRequestConfig, 'auth'> {
  /** Defaults to bearer with the stored access token. */
  authMode?: AuthMode;
  /** Skip the global 401/403/504 handling (the caller shows its own error): `true` for every
   *  status, or only the listed ones (the others still get the global toast and navigation). */
  skipGlobalErrors?: boolean | readonly number[];
}

export interface HttpService {
  /** The single axios instance, interceptors installed. */
  readonly axios: AxiosInstance;
  request<T = unknown>(config: HttpRequestConfig): Promise<AxiosResponse<T>>;
  get<T = unknown>(url: string, config?: HttpRequestConfig): Promise<AxiosResponse<T>>;
  post<T = unknown>(url: string, data?: unknown, config?: HttpRequestConfig): Promise<AxiosResponse<T>>;
  put<T = unknown>(url: string, data?: unknown, config?: HttpRequestConfig): Promise<AxiosResponse<T>>;
  delete<T = unknown>(url: string, config?: HttpRequestConfig): Promise<AxiosResponse<T>>;
}

export const HttpServiceToken = createServiceToken<HttpService>('http');
/** The raw axios instance shared by HttpService and SessionService (breaks their cycle). */
export const AxiosInstanceToken = createServiceToken<AxiosInstance>('axios');
