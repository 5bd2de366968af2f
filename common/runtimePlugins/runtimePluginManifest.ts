import type { FromSchema } from 'json-schema-to-ts';

/**
 * The manifest a runtime plugin package carries (`manifest.json`). The schema is the one source:
 * the type is derived from it (TypeScript 7 has no compiler API to generate a schema from a type),
 * and the server validates every package against it at install and again at start.
 */
export const runtimePluginManifestSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  additionalProperties: false,
  required: ['schemaVersion', 'id', 'title', 'version', 'sdk', 'prefixes', 'requires', 'routes', 'entry'],
  properties: {
    schemaVersion: { const: 1 },
    id: { type: 'string', pattern: '^[a-z][a-z0-9-]{1,30}$' },
    title: { type: 'string', minLength: 1, maxLength: 60 },
    version: { type: 'string', pattern: '^(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)$' },
    sdk: { type: 'string', minLength: 1, maxLength: 60 },
    prefixes: {
      type: 'array',
      minItems: 1,
      maxItems: 4,
      uniqueItems: true,
      items: { type: 'string', pattern: '^[a-z]{3}$' },
    },
    requires: {
      type: 'array',
      minItems: 1,
      maxItems: 20,
      uniqueItems: true,
      items: { type: 'string', pattern: '^[a-z]{3}(#[a-z]{2,3})?$' },
    },
    routes: {
      type: 'array',
      minItems: 1,
      maxItems: 20,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['path', 'page'],
        properties: {
          path: { type: 'string', pattern: '^(([a-z0-9-]+|:[a-zA-Z]+)(/([a-z0-9-]+|:[a-zA-Z]+))*)?$', maxLength: 100 },
          page: { type: 'string', pattern: '^[A-Za-z_$][A-Za-z0-9_$]{0,63}$' },
          layout: { enum: ['full', 'bare'] },
        },
      },
    },
    header: {
      type: 'array',
      maxItems: 4,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'slot', 'order', 'component'],
        properties: {
          id: { type: 'string', pattern: '^[a-z][a-z0-9-]{0,40}$' },
          slot: { enum: ['start', 'center', 'end'] },
          order: { type: 'integer', minimum: 0, maximum: 10000 },
          component: { type: 'string', pattern: '^[A-Za-z_$][A-Za-z0-9_$]{0,63}$' },
        },
      },
    },
    product: {
      type: 'object',
      additionalProperties: false,
      required: ['name', 'order'],
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 60 },
        order: { type: 'integer', minimum: 0, maximum: 10000 },
        description: { type: 'string', maxLength: 200 },
      },
    },
    landing: {
      type: 'object',
      additionalProperties: false,
      required: ['rank'],
      properties: {
        // A runtime plugin never outranks a built-in product as the landing page.
        rank: { type: 'integer', minimum: 100, maximum: 10000 },
      },
    },
    entry: { type: 'string', pattern: '^[A-Za-z0-9._/-]+\\.js$', maxLength: 200 },
    styles: {
      type: 'array',
      maxItems: 10,
      items: { type: 'string', pattern: '^[A-Za-z0-9._/-]+\\.css$', maxLength: 200 },
    },
  },
} as const;

export type RuntimePluginManifest = FromSchema<typeof runtimePluginManifestSchema>;

/** The console path of a manifest route: '' is /{id}, 'x' is /{id}/x. */
export function runtimePluginRoutePath(id: string, path: string): string {
  return path === '' ? `/${id}` : `/${id}/${path}`;
}
