import type { AxiosInstance } from 'axios';

import type { ApiAnswer } from '../api/ApiClient';
import { type AxiosLoader, givenAxios } from '../util/loadAxios';
import type { SessionPath, SessionTransport } from './SessionTransport';

/**
 * The default SessionTransport: its own axios instance, on which nobody installs interceptors.
 * Given a loader, the instance is made on the first call (axios is not in the first load).
 */
export class AxiosSessionTransport implements SessionTransport {
  private readonly client: AxiosLoader;

  constructor(client: AxiosInstance | AxiosLoader) {
    // An axios instance is callable too: tell them apart by what only the instance has.
    this.client = 'interceptors' in client ? givenAxios(client) : client;
  }

  async get<P extends SessionPath>(path: P, token: string, origin = ''): Promise<ApiAnswer<P, 'get'>> {
    if (!token) throw new Error('SessionTransport.get needs a token');
    // The one place the session's typed paths meet axios (as DefaultApiClient is for ApiClient).
    const client = await this.client();
    const response = await client.get<ApiAnswer<P, 'get'>>(`${origin}${path}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    return response.data;
  }
}

/**
 * A fresh axios instance with the defaults of the one `load` resolves (adapter, base URL,
 * timeout) and none of its interceptors: the session reaches the same server as the HTTP service
 * (tests' in-memory one too) without passing through the HTTP service's middleware. Made once,
 * on the first call (axios is imported then).
 */
export function withoutInterceptors(load: AxiosLoader): AxiosLoader {
  let instance: Promise<AxiosInstance> | undefined;
  return () =>
    (instance ??= Promise.all([import('axios'), load()]).then(([{ default: axios }, source]) => {
      const { headers: _headers, ...defaults } = source.defaults;
      return axios.create(defaults);
    }));
}
