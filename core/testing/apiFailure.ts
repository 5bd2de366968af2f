import { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';

/**
 * A refused call as the HTTP service rejects it (an AxiosError with the answer), for fake clients:
 * `apiFailure(400, 'Bundle is not valid JSON')` reads through core/http/callFailure like the API's
 * `{ statusCode, error, message }`. `body` may be the whole answer instead (e.g. a Blob for a download).
 */
export function apiFailure(status: number, body?: string | Blob | object): AxiosError {
  const data = typeof body === 'string' || body === undefined ? { statusCode: status, error: 'Error', message: body ?? '' } : body;
  const config: InternalAxiosRequestConfig = { headers: new AxiosHeaders() };
  const code = status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST;
  return new AxiosError(`Request failed with status code ${status}`, code, config, null, { status, statusText: String(status), data, headers: {}, config });
}
