import type { AxiosInstance, AxiosRequestConfig, AxiosResponse } from 'axios';

import { createServiceToken } from '../di/ServiceToken';
import type { AuthMode } from '../session/AuthMode';
import type { AxiosLoader } from '../util/loadAxios';

/** How a request authenticates (spec §7); the session turns it into the header. */
export type { AuthMode } from '../session/AuthMode';

export interface HttpRequestConfig extends Omit<AxiosRequestConfig, 'auth'> {
  /**
   * Defaults to bearer (the access token). The `Authorization` header is always the session's
   * answer for this mode: a header set by the caller is replaced (use `quickLink` for a token
   * from the address).
   */
  authMode?: AuthMode;
  /** Skip the global 401/403/504 handling (the caller shows its own error): `true` for every
   *  status, or only the listed ones (the others still get the global toast and navigation). */
  skipGlobalErrors?: boolean | readonly number[];
}

export interface HttpService {
  request<T = unknown>(config: HttpRequestConfig): Promise<AxiosResponse<T>>;
  get<T = unknown>(url: string, config?: HttpRequestConfig): Promise<AxiosResponse<T>>;
  post<T = unknown>(url: string, data?: unknown, config?: HttpRequestConfig): Promise<AxiosResponse<T>>;
  put<T = unknown>(url: string, data?: unknown, config?: HttpRequestConfig): Promise<AxiosResponse<T>>;
  delete<T = unknown>(url: string, config?: HttpRequestConfig): Promise<AxiosResponse<T>>;
}

export const HttpServiceToken = createServiceToken<HttpService>('http');
/**
 * The axios instance the HTTP service installs its middleware on (tests pass one whose adapter
 * is an in-memory server). Only the HTTP service uses it: the session has its own transport.
 * Registered, it is what {@link AxiosLoaderToken} answers; unregistered (production), axios is
 * loaded on the first call.
 */
export const AxiosInstanceToken = createServiceToken<AxiosInstance>('axios');
/** How the HTTP service and the session's transport get that instance (see loadAxios.ts). */
export const AxiosLoaderToken = createServiceToken<AxiosLoader>('axios.loader');
