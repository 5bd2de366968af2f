import { AxiosHeaders, type AxiosResponse } from 'axios';

import type { ApiMethod, ApiPath } from '@common/api/apiTypes';

import type { ApiAnswer, ApiCallOptions, ApiClient, ApiPathFor, ApiResponseType } from '../api/ApiClient';
import { type ApiCallInput, buildApiRequest } from '../api/buildApiRequest';

/** `'GET /gluon-backend/devices/{id}'`: a route the API serves, as the fake's handlers are keyed. */
export type ApiRouteKey = { [M in ApiMethod]: `${Uppercase<M>} ${ApiPathFor<M>}` }[ApiMethod];
type MethodOf<K> = K extends `${infer M} ${string}` ? Lowercase<M> & ApiMethod : never;
type PathOf<K> = K extends `${string} ${infer P}` ? P & ApiPath : never;

/** One route's handler: gets the call's options as the caller typed them, answers the route's JSON (or a Blob/string for a raw answer), or throws (`apiFailure(404)`). */
export type FakeApiHandler<P extends ApiPath, M extends ApiMethod> = (
  options: ApiCallOptions<P, M, ApiResponseType>,
) => ApiAnswer<P, M> | Blob | string | Promise<ApiAnswer<P, M> | Blob | string>;

/** Handlers by route; a key that is not a route, or an answer of the wrong shape, fails the type check. */
export type FakeApiHandlers = { [K in ApiRouteKey]?: FakeApiHandler<PathOf<K>, MethodOf<K>> };

/** A call as the fake saw it: the route key, the URL it filled, and the options. */
export interface FakeApiCall {
  route: string;
  url: string;
  options: ApiCallInput;
}

/**
 * An ApiClient answering from `handlers`, for `[ApiClientToken, fake]` in a test: no HTTP, no
 * module mocks. A call to a route without a handler rejects with an error naming it. `calls`
 * records each call in order.
 */
export function createFakeApiClient(handlers: FakeApiHandlers = {}): { api: ApiClient; calls: FakeApiCall[] } {
  const calls: FakeApiCall[] = [];
  const answer = async (method: ApiMethod, path: string, options: ApiCallInput = {}): Promise<unknown> => {
    const route = `${method.toUpperCase()} ${path}`;
    const url = buildApiRequest(method, path, options).url ?? path;
    calls.push({ route, url, options });
    const handler = (handlers as Record<string, ((options: ApiCallInput) => unknown) | undefined>)[route];
    if (!handler) throw new Error(`No fake answer for ${route}`);
    return handler(options);
  };
  // The handlers were typed per route above; here every call meets them through one untyped door.
  const call =
    (method: ApiMethod) =>
    (path: string, options?: unknown): Promise<never> =>
      answer(method, path, options as ApiCallInput) as Promise<never>;
  const api: ApiClient = {
    get: call('get'),
    post: call('post'),
    put: call('put'),
    patch: call('patch'),
    delete: call('delete'),
    send: async (method, path, ...options) => {
      const data = await answer(method, path, options[0] as ApiCallInput);
      const response: AxiosResponse = {
        data,
        status: 200,
        statusText: 'OK',
        headers: new AxiosHeaders(),
        config: { headers: new AxiosHeaders() },
      };
      return response as never;
    },
    requestConfig: (method, path, ...options) => buildApiRequest(method, path, options[0] as ApiCallInput),
  };
  return { api, calls };
}
