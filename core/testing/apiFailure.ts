import { AxiosError, AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';

const config = (): InternalAxiosRequestConfig => ({ headers: new AxiosHeaders() });

/**
 * What an API client's call rejects with when the API answers `status` (a fake client throws
 * it): the axios error the HTTP service passes on, so `callFailure` reads status and message.
 */
export function apiFailure(status: number, data: unknown = { statusCode: status, message: `status ${status}` }): AxiosError {
  const response: AxiosResponse = { data, status, statusText: String(status), headers: new AxiosHeaders(), config: config() };
  return new AxiosError(`Request failed with status code ${status}`, status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST, response.config, null, response);
}

/** A call that got no answer (offline, refused): `callFailure` reads status 0. */
export function networkFailure(): AxiosError {
  return new AxiosError('Network Error', AxiosError.ERR_NETWORK, config());
}
