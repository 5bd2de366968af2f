import type { FromSchema } from 'json-schema-to-ts';

import { named } from '../../schemas';

/** What Administration shows of a tenant's SCIM token (never the token itself) and the URL to give the directory. */
export const scimTokenStatusSchema = named('ScimTokenStatus', {
  type: 'object',
  properties: {
    configured: { type: 'boolean' },
    createdAt: { type: ['string', 'null'] },
    lastUsedAt: { type: ['string', 'null'] },
    baseUrl: { type: 'string' },
  },
  required: ['configured', 'createdAt', 'lastUsedAt', 'baseUrl'],
  additionalProperties: false,
} as const);
export type ScimTokenStatus = FromSchema<typeof scimTokenStatusSchema>;
