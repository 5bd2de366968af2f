import axios, { type AxiosInstance } from 'axios';

import type { ApiAnswer } from '../api/ApiClient';
import type { SessionPath, SessionTransport } from './SessionTransport';

/** The default SessionTransport: its own axios instance, on which nobody installs interceptors. */
export class AxiosSessionTransport implements SessionTransport {
  constructor(private readonly client: AxiosInstance = axios.create()) {}

  async get<P extends SessionPath>(path: P, token: string, origin = ''): Promise<ApiAnswer<P, 'get'>> {
    if (!token) throw new Error('SessionTransport.get needs a token');
    // The one place the session's typed paths meet axios (as DefaultApiClient is for ApiClient).
    const response = await this.client.get<ApiAnswer<P, 'get'>>(`${origin}${path}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    return response.data;
  }
}

/**
 * A fresh axios instance with `source`'s defaults (adapter, base URL, timeout) and none of its
 * interceptors: the session reaches the same server as the HTTP service (tests' in-memory one
 * too) without passing through the HTTP service's middleware.
 */
export function withoutInterceptors(source: AxiosInstance): AxiosInstance {
  const { headers: _headers, ...defaults } = source.defaults;
  return axios.create(defaults);
}
