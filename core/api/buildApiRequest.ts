import type { ApiMethod } from '@common/api/apiTypes';

import type { HttpRequestConfig } from '../http/HttpService';

/** A call's options as the runtime reads them (the types in ApiClient.ts have checked them). */
export interface ApiCallInput extends Omit<HttpRequestConfig, 'url' | 'method' | 'params' | 'data'> {
  path?: Record<string, string | number | boolean>;
  query?: object;
  body?: unknown;
  raw?: unknown;
}

/** `/um/users/{id}` with `{ id: 'a/b' }` → `/um/users/a%2Fb`; a parameter left out is a bug, not a request to `/{id}`. */
export function fillApiPath(template: string, params: Record<string, string | number | boolean> = {}): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`Path parameter "${name}" missing for ${template}`);
    return encodeURIComponent(String(value));
  });
}

/** The HttpService request for `method template` with these options. */
export function buildApiRequest(method: ApiMethod, template: string, options: ApiCallInput = {}): HttpRequestConfig {
  const { path, query, body, raw, ...http } = options;
  const config: HttpRequestConfig = { ...http, method: method.toUpperCase(), url: fillApiPath(template, path) };
  if (query !== undefined) {
    config.params = query;
    // A list is sent as its key repeated (`kinds=a&kinds=b`), which is how the API's query string
    // parser reads an array; axios would write `kinds[]=a`, a key no route declares.
    if (Object.values(query).some(Array.isArray)) config.paramsSerializer = { indexes: null };
  }
  // `body: null` is a route that reads only its query: sent with no body at all, because axios would
  // otherwise label the empty POST with a form content type the API refuses (415).
  const data = body !== undefined ? body : raw;
  if (data !== undefined && data !== null) config.data = data;
  return config;
}
