import type { HttpService } from '@core/http/HttpService';

import type { RuntimeFetch, RuntimePluginsAnswer, RuntimePluginsApi } from './RuntimePluginsApi';

/** A slow answer must not hold a deep link's spinner for long: the built-in routes never wait for it. */
const TIMEOUT_MS = 5000;

/**
 * Asked on every navigation, so it has to be cheap: the ETag makes an unchanged answer a 304
 * without a body. Failures stay quiet (no global toast): the console works without its runtime
 * plugins, and the next navigation asks again.
 */
export class HttpRuntimePluginsApi implements RuntimePluginsApi {
  constructor(private readonly http: HttpService) {}

  async fetchRuntime(etag: string | null): Promise<RuntimeFetch> {
    const response = await this.http.get<RuntimePluginsAnswer>('/plugins-backend/runtime', {
      headers: etag ? { 'If-None-Match': etag } : {},
      validateStatus: (status) => status === 200 || status === 304,
      skipGlobalErrors: true,
      timeout: TIMEOUT_MS,
    });
    if (response.status === 304) return { changed: false };
    const header = response.headers?.etag as unknown;
    return { changed: true, etag: typeof header === 'string' ? header : null, answer: response.data };
  }
}
