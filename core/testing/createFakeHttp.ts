import type { HttpRequestConfig, HttpService } from '../http/HttpService';
import { createFakeAxios, type FakeHandler, type FakeRequest } from './createFakeAxios';

/**
 * An HttpService straight over a fake server (`createFakeAxios`), without the session's header or
 * the global error handling: for testing what an API client sends (method, URL, params, body,
 * `skipGlobalErrors` in `request.config`) and what it makes of the answers.
 */
export function createFakeHttp(handler: FakeHandler = () => ({ status: 200, data: null })): { http: HttpService; requests: FakeRequest[] } {
  const { axios, requests } = createFakeAxios(handler);
  const request = <T>(config: HttpRequestConfig) => axios.request<T>(config);
  const http: HttpService = {
    axios,
    request,
    get: (url, config) => request({ ...config, method: 'GET', url }),
    post: (url, data, config) => request({ ...config, method: 'POST', url, data }),
    put: (url, data, config) => request({ ...config, method: 'PUT', url, data }),
    delete: (url, config) => request({ ...config, method: 'DELETE', url }),
  };
  return { http, requests };
}
