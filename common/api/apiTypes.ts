import type { paths } from './openapi.gen';

/**
 * Named views of the generated API document (openapi.gen.ts). A plugin's API client names its
 * shapes with these — `type Device = ApiResponse<'/gluon-backend/devices/{id}', 'get'>['device']` —
 * so no shape is typed by hand on the console side and a schema change reaches every caller.
 */
export type ApiPath = keyof paths;
export type ApiMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Methods the API serves on a path. */
export type ApiMethodsOf<P extends ApiPath> = {
  [M in ApiMethod]: paths[P][M] extends { responses: unknown } ? M : never;
}[ApiMethod];

type Operation<P extends ApiPath, M extends ApiMethodsOf<P>> = paths[P][M];
type Responses<P extends ApiPath, M extends ApiMethodsOf<P>> =
  Operation<P, M> extends { responses: infer R } ? R : never;
type JsonOf<R> = R extends { content: { 'application/json': infer J } } ? J : never;
type SuccessStatus = 200 | 201 | 202 | 204;

/** The JSON body of a success answer (200, 201, 202 or 204) of `M P`. */
export type ApiResponse<P extends ApiPath, M extends ApiMethodsOf<P>> = {
  [S in keyof Responses<P, M>]: S extends SuccessStatus ? JsonOf<Responses<P, M>[S]> : never;
}[keyof Responses<P, M>];

/** The JSON request body of `M P`. */
export type ApiBody<P extends ApiPath, M extends ApiMethodsOf<P>> =
  Operation<P, M> extends { requestBody?: infer B } ? JsonOf<NonNullable<B>> : never;

/** The query parameters of `M P`. */
export type ApiQuery<P extends ApiPath, M extends ApiMethodsOf<P>> =
  Operation<P, M> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

/** The path parameters of `M P`. */
export type ApiParams<P extends ApiPath, M extends ApiMethodsOf<P>> =
  Operation<P, M> extends { parameters: { path?: infer Q } } ? NonNullable<Q> : never;

/** The error answer every route shares: `message` is what the console shows. */
export type ApiError = { statusCode: number; error: string; message: string };
