import { AxiosError, AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';

const config = (): InternalAxiosRequestConfig => ({ headers: new AxiosHeaders() });

/**
 * A refused call as the HTTP service rejects it (an AxiosError with the answer), for fake clients:
 * `apiFailure(400, 'Bundle is not valid JSON')` reads through core/http/callFailure like the API's
 * `{ statusCode, error, message }`. Any other `body` is the whole answer (an object, a Blob for a
 * download); without one the message is `status N`.
 */
export function apiFailure(status: number, body?: unknown): AxiosError {
  const data =
    typeof body === 'string' || body === undefined
      ? { statusCode: status, error: 'Error', message: body ?? `status ${status}` }
      : body;
  const response: AxiosResponse = {
    data,
    status,
    statusText: String(status),
    headers: new AxiosHeaders(),
    config: config(),
  };
  const code = status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST;
  return new AxiosError(`Request failed with status code ${status}`, code, response.config, null, response);
}

/** A call that got no answer (offline, refused): `callFailure` reads status 0. */
export function networkFailure(): AxiosError {
  return new AxiosError('Network Error', AxiosError.ERR_NETWORK, config());
}
