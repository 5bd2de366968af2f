import type { FromSchema } from 'json-schema-to-ts';

import { runtimePluginManifestSchema } from '@common/runtimePlugins/runtimePluginManifest';

import { named } from '../../schemas';

/** The manifest as an answer part (the document's `$schema` keyword left out). */
const { $schema: _documentSchema, ...manifestSchema } = runtimePluginManifestSchema;

export const runtimePluginItemSchema = named('RuntimePluginItem', {
  type: 'object',
  properties: {
    id: { type: 'string' },
    title: { type: 'string' },
    version: { type: 'string' },
    prefixes: { type: 'array', items: { type: 'string' } },
    routes: { type: 'array', items: { type: 'string' }, description: 'Console paths (/hello, /hello/x)' },
    keyId: { type: 'string' },
    installedBy: { type: ['string', 'null'], description: "The installer's e-mail; null from the CLI" },
    installedAt: { type: 'string', format: 'date-time' },
    sizeBytes: { type: 'integer' },
  },
  required: ['id', 'title', 'version', 'prefixes', 'routes', 'keyId', 'installedBy', 'installedAt', 'sizeBytes'],
  additionalProperties: false,
} as const);
export type RuntimePluginItem = FromSchema<typeof runtimePluginItemSchema>;

export const runtimePluginListSchema = named('RuntimePluginList', {
  type: 'object',
  properties: {
    items: { type: 'array', items: runtimePluginItemSchema },
    keys: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          keyId: { type: 'string' },
          name: { type: 'string' },
          addedAt: { type: 'string', format: 'date-time' },
        },
        required: ['keyId', 'name', 'addedAt'],
        additionalProperties: false,
      },
    },
  },
  required: ['items', 'keys'],
  additionalProperties: false,
} as const);
export type RuntimePluginList = FromSchema<typeof runtimePluginListSchema>;

const stringMap = { type: 'object', additionalProperties: { type: 'string' } } as const;

export const runtimePluginsAnswerSchema = named('RuntimePluginsAnswer', {
  type: 'object',
  properties: {
    plugins: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          version: { type: 'string' },
          manifest: manifestSchema,
          entryUrl: { type: 'string' },
          styleUrls: { type: 'array', items: { type: 'string' } },
        },
        required: ['id', 'version', 'manifest', 'entryUrl', 'styleUrls'],
        additionalProperties: false,
      },
    },
    importMap: {
      type: 'object',
      properties: { imports: stringMap, integrity: stringMap },
      required: ['imports', 'integrity'],
      additionalProperties: false,
    },
    expiresAt: { type: 'string', format: 'date-time', description: 'When the asset URLs stop working' },
  },
  required: ['plugins', 'importMap', 'expiresAt'],
  additionalProperties: false,
} as const);
export type RuntimePluginsAnswer = FromSchema<typeof runtimePluginsAnswerSchema>;
