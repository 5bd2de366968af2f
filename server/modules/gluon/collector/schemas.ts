import type { FromSchema } from 'json-schema-to-ts';

import { named } from '../../../schemas';

/** JSON schemas of collector (shared extractor) links, shared by the public and admin routes. */

export const linkTokenParams = {
  type: 'object',
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 256, description: 'The link token from /collector/{id}' },
  },
  required: ['id'],
  additionalProperties: false,
} as const;

export const linkIdParams = {
  type: 'object',
  properties: { id: { type: 'string', format: 'uuid', description: 'The link id from the list (not the token)' } },
  required: ['id'],
  additionalProperties: false,
} as const;

export const osSchema = { type: 'string', enum: ['WIN', 'MAC'] } as const;

export const collectorLinkSchema = named('CollectorLink', {
  type: 'object',
  properties: {
    id: { type: 'string', format: 'uuid' },
    name: { type: ['string', 'null'] },
    active: { type: 'boolean' },
    maxInstalls: { type: ['integer', 'null'], description: 'null = unlimited' },
    installs: { type: 'integer' },
    expiresAt: { type: ['string', 'null'], format: 'date-time' },
    createdAt: { type: 'string', format: 'date-time' },
    status: { type: 'string', enum: ['active', 'disabled', 'expired', 'limitReached'] },
  },
  required: ['id', 'name', 'active', 'maxInstalls', 'installs', 'expiresAt', 'createdAt', 'status'],
  additionalProperties: false,
} as const);
export type CollectorLink = FromSchema<typeof collectorLinkSchema>;

/** Writable fields of a link (create and change). */
export const linkFields = {
  name: { type: ['string', 'null'], maxLength: 200 },
  active: { type: 'boolean' },
  maxInstalls: { type: ['integer', 'null'], minimum: 1, maximum: 1000000 },
  expiresAt: { type: ['string', 'null'], format: 'date-time' },
} as const;

export const collectorInstallSchema = named('CollectorInstall', {
  type: 'object',
  properties: {
    id: { type: 'string', format: 'uuid' },
    fullName: { type: 'string' },
    email: { type: 'string' },
    phone: { type: ['string', 'null'] },
    os: osSchema,
    createdAt: { type: 'string', format: 'date-time' },
  },
  required: ['id', 'fullName', 'email', 'phone', 'os', 'createdAt'],
  additionalProperties: false,
} as const);
export type CollectorInstall = FromSchema<typeof collectorInstallSchema>;

export const quickLinkSchema = named('QuickLink', {
  type: 'object',
  properties: { url: { type: 'string', description: '${PUBLIC_URL}/collector/quick?tokenquick=…' }, os: osSchema },
  required: ['url', 'os'],
  additionalProperties: false,
} as const);
export type QuickLink = FromSchema<typeof quickLinkSchema>;
