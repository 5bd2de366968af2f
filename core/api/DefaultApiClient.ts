import { inject, injectable } from 'tsyringe';

import type { ApiMethod } from '@common/api/apiTypes';

import { type HttpService, HttpServiceToken } from '../http/HttpService';
import type { ApiClient } from './ApiClient';
import { type ApiCallInput, buildApiRequest } from './buildApiRequest';

/**
 * ApiClient over the console's HTTP service, which keeps the auth modes, the global error rules
 * and the middleware: this class only turns a route and its typed options into the request.
 * The casts below are the one place where the route's types meet axios's untyped answer.
 */
@injectable()
export class DefaultApiClient implements ApiClient {
  constructor(@inject(HttpServiceToken) private readonly http: HttpService) {}

  readonly get: ApiClient['get'] = (path, ...options) => this.data('get', path, options[0]);
  readonly post: ApiClient['post'] = (path, ...options) => this.data('post', path, options[0]);
  readonly put: ApiClient['put'] = (path, ...options) => this.data('put', path, options[0]);
  readonly patch: ApiClient['patch'] = (path, ...options) => this.data('patch', path, options[0]);
  readonly delete: ApiClient['delete'] = (path, ...options) => this.data('delete', path, options[0]);

  readonly send: ApiClient['send'] = (method, path, ...options) =>
    this.http.request(buildApiRequest(method, path, options[0] as ApiCallInput)) as never;

  readonly requestConfig: ApiClient['requestConfig'] = (method, path, ...options) =>
    buildApiRequest(method, path, options[0] as ApiCallInput);

  private async data(method: ApiMethod, path: string, options: unknown): Promise<never> {
    return (await this.http.request(buildApiRequest(method, path, options as ApiCallInput))).data as never;
  }
}
