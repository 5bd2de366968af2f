import type { AxiosResponse } from 'axios';

import type { ApiBody, ApiMethod, ApiMethodsOf, ApiParams, ApiPath, ApiQuery, ApiResponse } from '@common/api/apiTypes';

import { createServiceToken } from '../di/ServiceToken';
import type { HttpRequestConfig } from '../http/HttpService';

/** The paths that serve `M` (`'/um/users/{id}'` for 'delete', not for 'post'). */
export type ApiPathFor<M extends ApiMethod> = { [P in ApiPath]: M extends ApiMethodsOf<P> ? P : never }[ApiPath];

/** How the answer is read: JSON (the default, typed by the route) or raw bytes and text (downloads, CSV, images). */
export type ApiResponseType = 'json' | 'blob' | 'text' | 'arraybuffer';

type Given<T> = [T] extends [never] ? false : true;
// The route's own types, for any method (`never` where the path does not serve it, which the
// method's path constraint already refuses): lets `send(method, path)` stay generic in both.
type ParamsOf<P extends ApiPath, M extends ApiMethod> = M extends ApiMethodsOf<P> ? ApiParams<P, M> : never;
type QueryOf<P extends ApiPath, M extends ApiMethod> = M extends ApiMethodsOf<P> ? ApiQuery<P, M> : never;
type BodyOf<P extends ApiPath, M extends ApiMethod> = M extends ApiMethodsOf<P> ? ApiBody<P, M> : never;
type ResponseOf<P extends ApiPath, M extends ApiMethod> = M extends ApiMethodsOf<P> ? ApiResponse<P, M> : never;
/** An object type whose members may all be left out (`{}` accepts it). */
type AllOptional<T> = object extends T ? true : false;

/** `path` when the route has `{parameters}` (each required), forbidden otherwise. */
type PathPart<P extends ApiPath, M extends ApiMethod> =
  Given<ParamsOf<P, M>> extends true ? { path: ParamsOf<P, M> } : { path?: never };
/** `query` typed by the route; required when one of its members is. */
type QueryPart<P extends ApiPath, M extends ApiMethod> =
  Given<QueryOf<P, M>> extends true
    ? AllOptional<QueryOf<P, M>> extends true
      ? { query?: QueryOf<P, M> }
      : { query: QueryOf<P, M> }
    : { query?: never };
/**
 * `body` typed by the route's JSON body. A route that reads raw bytes (an upload) declares no body
 * in its schema: it takes `raw` instead, sent as is with the caller's Content-Type.
 */
type BodyPart<P extends ApiPath, M extends ApiMethod> =
  Given<BodyOf<P, M>> extends true
    ? { body: BodyOf<P, M>; raw?: never }
    : { body?: never; raw?: Blob | ArrayBuffer | FormData | URLSearchParams | string };

/** The HTTP options a call may add (auth mode, skipGlobalErrors, headers, progress, signal…): not the URL, method, params or data, which the route fixes. */
export type ApiHttpOptions = Omit<HttpRequestConfig, 'url' | 'method' | 'params' | 'data' | 'responseType' | 'baseURL'>;

/** What a call to `M P` takes: its path parameters, query and body as the route types them, and HTTP options. */
export type ApiCallOptions<P extends ApiPath, M extends ApiMethod, R extends ApiResponseType = 'json'> = PathPart<
  P,
  M
> &
  QueryPart<P, M> &
  BodyPart<P, M> &
  ApiHttpOptions & {
    /** 'blob', 'text' or 'arraybuffer' for an answer that is not JSON: the result is then typed so. */
    responseType?: R;
  };

/** The options as a rest parameter: optional when nothing in them is required. */
export type ApiCallArgs<P extends ApiPath, M extends ApiMethod, R extends ApiResponseType = 'json'> =
  AllOptional<ApiCallOptions<P, M, R>> extends true
    ? [options?: ApiCallOptions<P, M, R>]
    : [options: ApiCallOptions<P, M, R>];

/** The JSON answer of `M P` (`void` for a route that answers no body). */
export type ApiAnswer<P extends ApiPath, M extends ApiMethod> =
  Given<ResponseOf<P, M>> extends true ? ResponseOf<P, M> : void;

/** What a call resolves to: the route's JSON answer, or the raw type its `responseType` asks for. */
export type ApiResult<P extends ApiPath, M extends ApiMethod, R extends ApiResponseType> = R extends 'blob'
  ? Blob
  : R extends 'text'
    ? string
    : R extends 'arraybuffer'
      ? ArrayBuffer
      : ApiAnswer<P, M>;

/**
 * The console's one way to call its API: the path is a route of the generated API document
 * (common/api/openapi.gen.ts), its `{parameters}` are filled from `path` (URI-encoded), and the
 * query, body and answer are the route's own types, so a wrong path, a method the path does not
 * serve or a misnamed parameter fails the type check, and no caller casts an answer.
 *
 *     const { device } = await api.get('/gluon-backend/devices/{id}', { path: { id }, skipGlobalErrors: [404] });
 *
 * Each method resolves to the answer's data; `send` resolves to the whole AxiosResponse (status,
 * headers), and `requestConfig` builds the request without sending it (for the downloads panel).
 */
export interface ApiClient {
  get<P extends ApiPathFor<'get'>, R extends ApiResponseType = 'json'>(
    path: P,
    ...options: ApiCallArgs<P, 'get', R>
  ): Promise<ApiResult<P, 'get', R>>;
  post<P extends ApiPathFor<'post'>, R extends ApiResponseType = 'json'>(
    path: P,
    ...options: ApiCallArgs<P, 'post', R>
  ): Promise<ApiResult<P, 'post', R>>;
  put<P extends ApiPathFor<'put'>, R extends ApiResponseType = 'json'>(
    path: P,
    ...options: ApiCallArgs<P, 'put', R>
  ): Promise<ApiResult<P, 'put', R>>;
  patch<P extends ApiPathFor<'patch'>, R extends ApiResponseType = 'json'>(
    path: P,
    ...options: ApiCallArgs<P, 'patch', R>
  ): Promise<ApiResult<P, 'patch', R>>;
  delete<P extends ApiPathFor<'delete'>, R extends ApiResponseType = 'json'>(
    path: P,
    ...options: ApiCallArgs<P, 'delete', R>
  ): Promise<ApiResult<P, 'delete', R>>;
  /** The same call, resolving to the whole response: for a caller that reads the status or headers (`validateStatus` letting a 404 through). */
  send<M extends ApiMethod, P extends ApiPathFor<M>, R extends ApiResponseType = 'json'>(
    method: M,
    path: P,
    ...options: ApiCallArgs<P, M, R>
  ): Promise<AxiosResponse<ApiResult<P, M, R>>>;
  /** The request `M P` would send, unsent: for the downloads panel, which reads the answer as a blob with progress. */
  requestConfig<M extends ApiMethod, P extends ApiPathFor<M>>(
    method: M,
    path: P,
    ...options: ApiCallArgs<P, M>
  ): HttpRequestConfig;
}

export const ApiClientToken = createServiceToken<ApiClient>('api');
