import type { AxiosInstance, AxiosRequestConfig } from 'axios';

import type { HttpService } from '../http/HttpService';
import { createFakeAxios, type FakeHandler, type FakeRequest } from './createFakeAxios';

/**
 * An HttpService over an in-memory server, for a plugin's default API client test: it records
 * each request as sent (method, URL, `config.params`, body, and the console's own options
 * `authMode` and `skipGlobalErrors` in `config`), without the session or the global error rules.
 * `http.axios` is the in-memory instance (its `getUri` shows a request's address as sent).
 */
export function createFakeHttpService(handler: FakeHandler = () => ({ status: 200, data: {} })): {
  http: HttpService & { readonly axios: AxiosInstance };
  requests: FakeRequest[];
} {
  const { axios, requests } = createFakeAxios(handler);
  const http: HttpService & { readonly axios: AxiosInstance } = {
    axios,
    request: (config) => axios.request(config as AxiosRequestConfig),
    get: (url, config) => axios.request({ ...(config as AxiosRequestConfig), method: 'GET', url }),
    post: (url, data, config) => axios.request({ ...(config as AxiosRequestConfig), method: 'POST', url, data }),
    put: (url, data, config) => axios.request({ ...(config as AxiosRequestConfig), method: 'PUT', url, data }),
    delete: (url, config) => axios.request({ ...(config as AxiosRequestConfig), method: 'DELETE', url }),
  };
  return { http, requests };
}
