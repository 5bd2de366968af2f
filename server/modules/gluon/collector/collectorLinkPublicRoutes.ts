import type { RoutePlugin } from '../../../http/routePlugin';
import { errors } from '../../../schemas';
import { reserveCollectorInstall, validateCollectorLink } from './collectorLinks';
import { findInstaller } from './installers';
import { linkTokenParams, osSchema } from './schemas';
import { fileAnswerSchema, sendInstaller } from './sendInstaller';

/**
 * Public calls of the collector wizard (/collector/{id}): validate the link, then register
 * an install with the visitor's details and download the installer for the chosen OS.
 */
export const collectorLinkPublicRoutes: RoutePlugin = async (app) => {
  app.get(
    '/gluon-backend/sharedExtractorLinks/:id/validate',
    {
      schema: {
        summary:
          "Checks a link (public). 403 messages contain 'not active', 'expired' or 'reached the maximum number' (the console maps them); 404 unknown link.",
        params: linkTokenParams,
        response: {
          200: {
            type: 'object',
            properties: {
              valid: { type: 'boolean', enum: [true] },
              remainingInstalls: { type: ['integer', 'null'] },
              expiresAt: { type: ['string', 'null'] },
            },
            required: ['valid', 'remainingInstalls', 'expiresAt'],
            additionalProperties: false,
          },
          ...errors(400, 403, 404),
        },
      } as const,
    },
    async (request) => {
      const { link } = await validateCollectorLink(app.db, request.params.id);
      return {
        valid: true as const,
        remainingInstalls: link.maxInstalls === null ? null : link.maxInstalls - link.installs,
        expiresAt: link.expiresAt,
      };
    },
  );

  app.post(
    '/gluon-backend/sharedExtractorLinks/:id',
    {
      schema: {
        summary:
          'Registers one install (public) with the visitor details and streams the installer for body.os. Counts against the link limit atomically; same 403/404 as validate. The X-Install-Id header names the install: the connector sends its files to …/sharedExtractorLinks/{id}/installs/{installId}/files.',
        params: linkTokenParams,
        body: {
          type: 'object',
          properties: {
            fullName: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
            email: { type: 'string', format: 'email', maxLength: 254 },
            phone: { type: 'string', maxLength: 40, pattern: '^[0-9+()./ -]*$' },
            os: osSchema,
          },
          required: ['fullName', 'email', 'os'],
          additionalProperties: false,
        },
        response: { 200: fileAnswerSchema, ...errors(400, 403, 404) },
      } as const,
    },
    async (request, reply) => {
      const user = request.body;
      // Resolve the file first: a deployment without installers must not use up installs.
      const file = await findInstaller(app.config.backends.installersDir, user.os);
      const install = await reserveCollectorInstall(
        app.db,
        request.params.id,
        { fullName: user.fullName.trim(), email: user.email, phone: user.phone?.trim() || undefined, os: user.os },
        request.ip,
      );
      await app.audit({
        tenantId: install.tenantId,
        actorId: null,
        action: 'collectorLink.install',
        target: install.linkId,
        details: { installId: install.installId, os: user.os },
        ip: request.ip,
      });
      // The connector's address for its uploads (gluon's collector upload route); not a secret on
      // its own: an upload needs the link token as well.
      reply.header('x-install-id', install.installId);
      return sendInstaller(reply, file);
    },
  );
};
