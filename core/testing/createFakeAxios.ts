import axios, {
  AxiosError,
  AxiosHeaders,
  type AxiosInstance,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';

/** A request as the fake server sees it (after the interceptors ran). */
export interface FakeRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  data: unknown;
  config: InternalAxiosRequestConfig;
}

export type FakeReply = { status: number; data?: unknown; headers?: Record<string, string> } | { networkError: true };

export type FakeHandler = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

/**
 * An axios instance whose adapter is a tiny in-memory server: no module mocking, real
 * interceptors, real status handling. `requests` records every call in order.
 */
export function createFakeAxios(handler: FakeHandler): { axios: AxiosInstance; requests: FakeRequest[] } {
  const requests: FakeRequest[] = [];
  const instance = axios.create({
    adapter: async (config) => {
      const headers = AxiosHeaders.from(config.headers).toJSON() as Record<string, string>;
      let data: unknown = config.data;
      if (typeof data === 'string') {
        try {
          data = JSON.parse(data);
        } catch {
          // keep the raw string
        }
      }
      const request: FakeRequest = {
        method: (config.method ?? 'get').toUpperCase(),
        url: config.url ?? '',
        headers,
        data,
        config,
      };
      requests.push(request);
      const reply = await handler(request);
      if ('networkError' in reply) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
      const response: AxiosResponse = {
        data: reply.data,
        status: reply.status,
        statusText: String(reply.status),
        headers: new AxiosHeaders(reply.headers ?? {}),
        config,
      };
      const valid = config.validateStatus ? config.validateStatus(reply.status) : reply.status < 400;
      if (!valid) {
        throw new AxiosError(
          `Request failed with status code ${reply.status}`,
          reply.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
          config,
          null,
          response,
        );
      }
      return response;
    },
  });
  return { axios: instance, requests };
}
