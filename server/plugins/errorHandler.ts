import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import type { AppConfig } from '../config';
import { HttpError, ServiceUnavailable } from '../contracts';
import { securityHeaderValues } from './securityHeaders';

/**
 * THE error shape of the API (documented as `errorSchema` in schemas.ts and in /openapi.json):
 * `{ statusCode, error, message }`, nothing else (no `code`, no echo of the request).
 */
export function errorBody(statusCode: number, message: string) {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
}

export const NOT_FOUND_MESSAGE = 'The requested address does not exist.';

/**
 * Fixed messages for Fastify's own 4xx: theirs may name the request (the media type, the URL)
 * and we never echo input back.
 */
const FRAMEWORK_MESSAGES: Record<string, [number, string]> = {
  FST_ERR_BAD_URL: [400, 'The address is not valid (bad percent-encoding).'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'A part of the address is too long (at most 100 characters).'],
  FST_ERR_ASYNC_CONSTRAINT: [500, 'Internal Server Error'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'The request body is too large.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'This content type is not accepted here.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'The request body size does not match its Content-Length.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'The request body is empty but its content type is JSON.'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'The request body is not valid JSON.'],
};

/** Status and message the client sees for `error` (5xx are always 'Internal Server Error'). */
export function publicError(error: FastifyError | HttpError | Error): { status: number; message: string } {
  // The one 5xx that speaks: the console tells the user to wait, the message says what is down.
  if (error instanceof ServiceUnavailable) return { status: 503, message: error.message };
  if (error instanceof HttpError) {
    return { status: error.statusCode, message: error.statusCode >= 500 ? 'Internal Server Error' : error.message };
  }
  const fe = error as FastifyError;
  const known = typeof fe.code === 'string' ? FRAMEWORK_MESSAGES[fe.code] : undefined;
  if (known) return { status: known[0], message: known[1] };
  if (fe.validation) return { status: 400, message: fe.message.replace(/^(body|querystring|params|headers)\//, '$1 ') };
  const status = typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 600 ? fe.statusCode : 500;
  if (status >= 500) return { status, message: 'Internal Server Error' };
  // Other Fastify/plugin 4xx (static files: 403, 416, …) speak with the status text only.
  if (typeof fe.code === 'string' && fe.code.startsWith('FST_'))
    return { status, message: STATUS_CODES[status] ?? 'Error' };
  return { status, message: fe.message };
}

/** Every 429 says when to come back: the error's own wait (services/rateLimit.ts TooManyAttempts) or a minute. */
export const DEFAULT_RETRY_AFTER_S = 60;

function retryAfterSeconds(error: unknown): number {
  const s = (error as { retryAfterS?: unknown }).retryAfterS;
  return typeof s === 'number' && Number.isFinite(s) && s >= 1 ? Math.ceil(s) : DEFAULT_RETRY_AFTER_S;
}

function sendError(error: FastifyError | HttpError | Error, request: FastifyRequest, reply: FastifyReply) {
  const { status, message } = publicError(error);
  // One line per failed request (the SDK's retries are behind it), with the thrower's chosen
  // details only: never the error's cause, which may carry a request with its signature.
  if (error instanceof ServiceUnavailable)
    request.log.error({ unavailable: { message: error.message, ...error.details } }, 'service unavailable');
  else if (status >= 500) request.log.error({ err: error }, 'server error');
  if (status === 429 || error instanceof ServiceUnavailable)
    reply.header('Retry-After', String(retryAfterSeconds(error)));
  // Errors are never cached, whatever the path (static files included).
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .send(errorBody(status, message));
}

/** One error handler: 4xx carry a message for the console; 5xx are logged and hidden. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(sendError);
}

/**
 * Fastify option `frameworkErrors`: router errors (bad percent-escape, over-long path parameter)
 * happen before any route or hook, so the security headers are set here and the answer goes
 * through the same shape.
 */
export function frameworkErrorHandler(config: AppConfig) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    reply.headers(securityHeaderValues(config, request.url));
    return sendError(error, request, reply);
  };
}

/**
 * Fastify option `clientErrorHandler`: errors Node raises on the socket before there is a request
 * (request timeout, headers too large, unparsable HTTP). Same shape and security headers; the
 * connection is closed after the answer.
 */
export function clientErrorHandler(config: AppConfig) {
  return function onClientError(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket): void {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, message] =
      error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long to arrive.']
        : error.code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'The request headers are too large.']
          : [400, 'The request is not valid HTTP.'];
    const body = JSON.stringify(errorBody(status, message));
    const headers = {
      ...securityHeaderValues(config, '/'),
      'Cache-Control': 'no-store',
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(body)),
      Connection: 'close',
    };
    if (socket.writable) {
      const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}`);
      socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('\r\n')}\r\n\r\n${body}`);
    }
    socket.destroy(error);
  };
}
