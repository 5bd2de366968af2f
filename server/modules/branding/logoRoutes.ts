import { canWriteUsers } from '@common/admin/access';

import { HttpError } from '../../contracts';
import type { RoutePlugin } from '../../http/routePlugin';
import { bearerSecurity, errors } from '../../schemas';
import { LogoRejectedError, MAX_LOGO_BYTES, prepareLogo } from './logoImage';
import { deleteLogo, readLogo, saveLogo } from './logos';

const LOGO_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml', 'application/octet-stream'];

/**
 * The tenant's logo. PUT takes the raw file as the body (any of LOGO_MEDIA_TYPES; the format
 * is detected from the bytes, never from the header), ≤ 512 KiB; SVG is sanitised.
 */
export const logoRoutes: RoutePlugin = async (app) => {
  // Scoped to this plugin: only the logo route reads raw image bodies. The parser's limit is
  // above MAX_LOGO_BYTES so prepareLogo answers the size error with its own message.
  app.addContentTypeParser(
    LOGO_MEDIA_TYPES,
    { parseAs: 'buffer', bodyLimit: MAX_LOGO_BYTES * 2 },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '/um/logo',
    {
      preHandler: app.authenticate(),
      schema: {
        summary:
          "The tenant's logo as stored (image/png, image/jpeg or sanitised image/svg+xml); 204 when none was uploaded. No logo is the usual case, not an error: a 404 would put a console error on every page of the console.",
        security: bearerSecurity,
        response: {
          200: { type: 'string', format: 'binary', description: 'The logo bytes' },
          204: { type: 'null', description: 'No logo has been uploaded' },
          ...errors(401, 403),
        },
      },
    },
    async (request, reply) => {
      const logo = await readLogo(app.db, request.auth.tenantId);
      if (!logo) return reply.code(204).header('Cache-Control', 'private, no-cache').send(null);
      // The schema documents the logo as a binary string (OpenAPI), which types the reply as
      // string; Fastify sends the Buffer's bytes as they are.
      return reply
        .header('Content-Type', logo.contentType)
        .header('Cache-Control', 'private, no-cache')
        .header('Last-Modified', new Date(logo.updatedAt).toUTCString())
        .send(logo.data as unknown as string);
    },
  );

  app.put(
    '/um/logo',
    {
      preHandler: app.authenticate({ allow: canWriteUsers }),
      schema: {
        summary:
          'Replaces the logo. Body: the raw PNG, JPEG or SVG file (≤ 512 KiB); Content-Type one of image/png, image/jpeg, image/svg+xml, application/octet-stream. Needs umg#usr#rw.',
        security: bearerSecurity,
        headers: {
          type: 'object',
          properties: {
            'content-type': {
              type: 'string',
              pattern: '^(?:image/(?:png|jpeg|svg\\+xml)|application/octet-stream)(?:\\s*;.*)?$',
            },
          },
          required: ['content-type'],
        },
        response: {
          200: {
            type: 'object',
            properties: {
              contentType: { type: 'string', enum: ['image/png', 'image/jpeg', 'image/svg+xml'] },
              size: { type: 'integer' },
            },
            required: ['contentType', 'size'],
            additionalProperties: false,
          },
          ...errors(400, 401, 403, 413, 415),
        },
      },
    },
    async (request) => {
      const auth = request.auth;
      if (!Buffer.isBuffer(request.body)) throw new HttpError(415, 'Send the logo as the raw PNG, JPEG or SVG file.');
      let logo;
      try {
        logo = prepareLogo(request.body);
      } catch (error) {
        if (error instanceof LogoRejectedError) throw new HttpError(error.statusCode, error.message);
        throw error;
      }
      await saveLogo(app.db, auth.tenantId, auth.userId, logo);
      await app.audit({
        tenantId: auth.tenantId,
        actorId: auth.userId,
        action: 'logo.update',
        details: { contentType: logo.contentType, size: logo.data.length },
        ip: request.ip,
      });
      return { contentType: logo.contentType, size: logo.data.length };
    },
  );

  app.delete(
    '/um/logo',
    {
      preHandler: app.authenticate({ allow: canWriteUsers }),
      schema: {
        summary: 'Removes the logo (idempotent). Needs umg#usr#rw.',
        security: bearerSecurity,
        response: { 204: { type: 'null', description: 'Removed (or there was none)' }, ...errors(401, 403) },
      },
    },
    async (request, reply) => {
      const auth = request.auth;
      if (await deleteLogo(app.db, auth.tenantId)) {
        await app.audit({ tenantId: auth.tenantId, actorId: auth.userId, action: 'logo.delete', ip: request.ip });
      }
      return reply.code(204).send(null);
    },
  );
};
