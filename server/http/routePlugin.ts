import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyPluginAsync,
  FastifyPluginOptions,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';

/**
 * The API's type provider: a route's JSON schemas are its handler's types (params, query, body,
 * reply per status), so a schema and its handler cannot drift. Schemas must be `as const`.
 */
export type ApiTypeProvider = JsonSchemaToTsProvider;

/** A Fastify instance whose routes are typed by their schemas. */
export type TypedApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ApiTypeProvider
>;

/** A plugin registering routes typed by their schemas (every route area of server/modules). */
export type RoutePlugin<Options extends FastifyPluginOptions = Record<never, never>> = FastifyPluginAsync<
  Options,
  RawServerDefault,
  ApiTypeProvider
>;
