import { canWriteUsers } from '@common/admin/access';

import type { RoutePlugin } from '../../http/routePlugin';
import { bearerSecurity, errors } from '../../schemas';
import { SCIM_BASE } from './scimRoutes';
import { scimTokenStatusSchema } from './scimSchemas';
import { revokeScimToken, rotateScimToken, scimTokenStatus } from './scimTokens';

/** Administration's SCIM section: the tenant's token (created, rotated, revoked; shown once) and the URL to give the directory. */
export const scimTokenRoutes: RoutePlugin = async (app) => {
  const write = app.authenticate({ allow: canWriteUsers });
  const baseUrl = `${app.config.publicUrl.replace(/\/$/, '')}${SCIM_BASE}`;

  app.get(
    '/um/scim/token',
    {
      preHandler: write,
      schema: {
        summary:
          'Whether the tenant has a SCIM token, when it was created and last used (never the token). umg#usr#rw.',
        security: bearerSecurity,
        response: { 200: scimTokenStatusSchema, ...errors(401, 403) },
      },
    },
    async (request) => ({ ...(await scimTokenStatus(app.db, request.auth.tenantId)), baseUrl }),
  );

  app.post(
    '/um/scim/token',
    {
      preHandler: write,
      schema: {
        summary:
          'Creates the SCIM token, or rotates it (the previous one stops working at once). Answered once. umg#usr#rw.',
        security: bearerSecurity,
        response: {
          200: {
            type: 'object',
            properties: { token: { type: 'string' }, createdAt: { type: 'string' }, baseUrl: { type: 'string' } },
            required: ['token', 'createdAt', 'baseUrl'],
            additionalProperties: false,
          },
          ...errors(401, 403),
        },
      },
    },
    async (request) => {
      const { tenantId, userId } = request.auth;
      const { token, createdAt, replaced } = await rotateScimToken(app.db, tenantId, userId);
      await app.audit({
        tenantId,
        actorId: userId,
        action: replaced ? 'scim.tokenRotate' : 'scim.tokenCreate',
        target: 'scim',
        ip: request.ip,
      });
      return { token, createdAt, baseUrl };
    },
  );

  app.delete(
    '/um/scim/token',
    {
      preHandler: write,
      schema: {
        summary: 'Revokes the SCIM token: the directory can no longer provision. umg#usr#rw.',
        security: bearerSecurity,
        response: {
          200: {
            type: 'object',
            properties: { revoked: { type: 'boolean' } },
            required: ['revoked'],
            additionalProperties: false,
          },
          ...errors(401, 403),
        },
      },
    },
    async (request) => {
      const { tenantId, userId } = request.auth;
      const revoked = await revokeScimToken(app.db, tenantId);
      if (revoked)
        await app.audit({ tenantId, actorId: userId, action: 'scim.tokenRevoke', target: 'scim', ip: request.ip });
      return { revoked };
    },
  );
};
