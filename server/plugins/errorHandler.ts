import type { FastifyError, FastifyInstance } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { HttpError } from '../contracts';

export function errorBody(statusCode: number, message: string) {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
}

/** One error handler: 4xx carry a message for the console; 5xx are logged and hidden. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | Error, request, reply) => {
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'server error');
      const status = error.statusCode;
      return reply.code(status).send(errorBody(status, status >= 500 ? 'Internal Server Error' : error.message));
    }
    const fe = error as FastifyError;
    if (fe.validation) {
      const message = fe.message.replace(/^(body|querystring|params|headers)\//, '$1 ');
      return reply.code(400).send(errorBody(400, message));
    }
    const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
    if (status >= 400 && status < 500) return reply.code(status).send(errorBody(status, fe.message));
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(errorBody(500, 'Internal Server Error'));
  });
}
