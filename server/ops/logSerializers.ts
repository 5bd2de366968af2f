import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** Longest path logged for a request that matched no route. */
const MAX_UNMATCHED_PATH = 200;

/**
 * What a request line says about the request. Links carry their secrets in the path
 * (`/um/invite/:token`, `/um/passwordRecovery/:id`, `/gluon-backend/sharedExtractorLinks/:id`) or
 * the query (`?jwt=`, `?tokenquick=`), so the line names the route's pattern, never the raw URL;
 * a request that matched no route logs its path only (no query), cut short.
 */
export function requestLogLine(request: FastifyRequest): Record<string, unknown> {
  const pattern = request.routeOptions?.url;
  const path = pattern ?? (request.url ?? '').split('?')[0]!.slice(0, MAX_UNMATCHED_PATH);
  return {
    method: request.method,
    url: path,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

type LoggerOption = FastifyServerOptions['logger'];

/** Fastify's `logger` option with the request serializer above (a boolean `true` becomes `{}` first). */
export function withLogSerializers(logger: LoggerOption): LoggerOption {
  if (logger === false || logger === undefined || logger === null) return logger;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, req: requestLogLine as never } };
}
