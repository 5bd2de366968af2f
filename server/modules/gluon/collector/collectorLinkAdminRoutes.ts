import { canReadCollectorLinks, canWriteCollectorLinks } from '@common/gluon/collectorLinkAccess';

import { HttpError } from '../../../contracts';
import type { RoutePlugin } from '../../../http/routePlugin';
import { bearerSecurity, errors } from '../../../schemas';
import { mintQuickLink } from '../../../services/signedLinks';
import {
  collectorLinkUrl,
  createCollectorLink,
  findTenantLink,
  LINK_SORTS,
  listCollectorLinks,
  listLinkInstalls,
  updateCollectorLink,
} from './collectorLinks';
import { findInstaller } from './installers';
import {
  collectorInstallSchema,
  collectorLinkSchema,
  linkFields,
  linkIdParams,
  osSchema,
  quickLinkSchema,
} from './schemas';
import { fileAnswerSchema, sendInstaller } from './sendInstaller';

/** expiresAt passed the schema's date-time (plugins/validators.ts: Date.parse reads it); a NaN would still not pass for the future. */
function assertFuture(expiresAt: string | null | undefined): void {
  if (expiresAt && !(Date.parse(expiresAt) > Date.now()))
    throw new HttpError(400, 'The expiry date must be in the future.');
}

/** Signed-in management of the tenant's collector links (gln#ext# permissions). */
export const collectorLinkAdminRoutes: RoutePlugin = async (app) => {
  app.get(
    '/gluon-backend/query-api/sharedExtractorLinks',
    {
      preHandler: app.authenticate({ allow: canReadCollectorLinks }),
      schema: {
        summary:
          "One page of the tenant's links with install counts, newest first unless sort says otherwise; filter matches the name.",
        security: bearerSecurity,
        querystring: {
          type: 'object',
          properties: {
            page: { type: 'integer', minimum: 0, maximum: 100000, default: 0 },
            size: { type: 'integer', minimum: 1, maximum: 200, default: 20 },
            filter: { type: 'string', maxLength: 200 },
            sort: { type: 'string', enum: [...LINK_SORTS] },
            order: { type: 'string', enum: ['asc', 'desc'] },
          },
          additionalProperties: false,
        },
        response: {
          200: {
            type: 'object',
            properties: {
              items: { type: 'array', items: collectorLinkSchema },
              total: { type: 'integer' },
              page: { type: 'integer' },
              size: { type: 'integer' },
            },
            required: ['items', 'total', 'page', 'size'],
            additionalProperties: false,
          },
          ...errors(400, 401, 403),
        },
      } as const,
    },
    async (request) => {
      const { page, size, filter, sort, order } = request.query;
      const { items, total } = await listCollectorLinks(app.db, request.auth.tenantId, {
        page,
        size,
        filter,
        sort,
        order,
      });
      return { items, total, page, size };
    },
  );

  app.post(
    '/gluon-backend/sharedExtractorLinks',
    {
      preHandler: app.authenticate({ allow: canWriteCollectorLinks }),
      schema: {
        summary:
          'Creates a link. The token (256 random bits) is answered once, inside `url` (/collector/{token}); only its hash is stored. maxInstalls/expiresAt null = unlimited.',
        security: bearerSecurity,
        body: { type: 'object', properties: linkFields, additionalProperties: false },
        response: {
          201: {
            type: 'object',
            properties: { link: collectorLinkSchema, token: { type: 'string' }, url: { type: 'string' } },
            required: ['link', 'token', 'url'],
            additionalProperties: false,
          },
          ...errors(400, 401, 403),
        },
      } as const,
    },
    async (request, reply) => {
      const auth = request.auth;
      assertFuture(request.body.expiresAt);
      const { link, token } = await createCollectorLink(app.db, {
        tenantId: auth.tenantId,
        createdBy: auth.userId,
        ...request.body,
      });
      await app.audit({
        tenantId: auth.tenantId,
        actorId: auth.userId,
        action: 'collectorLink.create',
        target: link.id,
        details: { maxInstalls: link.maxInstalls, expiresAt: link.expiresAt, active: link.active },
        ip: request.ip,
      });
      return reply.code(201).send({ link, token, url: collectorLinkUrl(app.config.publicUrl, token) });
    },
  );

  app.patch(
    '/gluon-backend/sharedExtractorLinks/:id',
    {
      preHandler: app.authenticate({ allow: canWriteCollectorLinks }),
      schema: {
        summary: 'Changes a link by its id (from the list): disable/enable, limit, expiry, name.',
        security: bearerSecurity,
        params: linkIdParams,
        body: { type: 'object', properties: linkFields, additionalProperties: false, minProperties: 1 },
        response: { 200: collectorLinkSchema, ...errors(400, 401, 403, 404) },
      } as const,
    },
    async (request) => {
      const auth = request.auth;
      assertFuture(request.body.expiresAt);
      const link = await updateCollectorLink(app.db, auth.tenantId, request.params.id, request.body);
      await app.audit({
        tenantId: auth.tenantId,
        actorId: auth.userId,
        action: 'collectorLink.update',
        target: link.id,
        details: { ...request.body },
        ip: request.ip,
      });
      return link;
    },
  );

  app.get(
    '/gluon-backend/sharedExtractorLinks/:id/installerExtractor',
    {
      preHandler: app.authenticate({ allow: canReadCollectorLinks }),
      schema: {
        summary:
          "Downloads the installer for a link of the caller's tenant, by its id from the list (bearer; the console's 'enterprise installer' download on the collector links page). Works whatever the link's state, registers no install and does not count against the limit.",
        security: bearerSecurity,
        // The id, not the token: the signed-in console only knows ids (a token is shown once, at creation).
        params: linkIdParams,
        querystring: { type: 'object', properties: { os: osSchema }, required: ['os'], additionalProperties: false },
        response: { 200: fileAnswerSchema, ...errors(400, 401, 403, 404) },
      } as const,
    },
    async (request, reply) => {
      await findTenantLink(app.db, request.auth.tenantId, request.params.id);
      return sendInstaller(reply, await findInstaller(app.config.backends.installersDir, request.query.os));
    },
  );

  app.get(
    '/gluon-backend/sharedExtractorLinks/:id/installs',
    {
      preHandler: app.authenticate({ allow: canReadCollectorLinks }),
      schema: {
        summary: 'The installs registered through a link (by its id from the list), newest first, at most 1000.',
        security: bearerSecurity,
        params: linkIdParams,
        response: {
          200: {
            type: 'object',
            properties: { items: { type: 'array', items: collectorInstallSchema } },
            required: ['items'],
            additionalProperties: false,
          },
          ...errors(400, 401, 403, 404),
        },
      } as const,
    },
    async (request) => ({ items: await listLinkInstalls(app.db, request.auth.tenantId, request.params.id) }),
  );

  app.post(
    '/gluon-backend/extractors/quickLink',
    {
      preHandler: app.authenticate({ allow: canWriteCollectorLinks }),
      schema: {
        summary:
          'Mints a quick link for one OS (a signed token, 7 days): /collector/quick?tokenquick=… downloads without the details form.',
        security: bearerSecurity,
        body: { type: 'object', properties: { os: osSchema }, required: ['os'], additionalProperties: false },
        response: { 201: quickLinkSchema, ...errors(400, 401, 403) },
      } as const,
    },
    async (request, reply) => {
      const auth = request.auth;
      const quick = await mintQuickLink(app.tokens, app.config.publicUrl, {
        tenantId: auth.tenantId,
        os: request.body.os,
      });
      await app.audit({
        tenantId: auth.tenantId,
        actorId: auth.userId,
        action: 'collectorLink.quickLink',
        target: request.body.os,
        ip: request.ip,
      });
      return reply.code(201).send({ url: quick.url, os: request.body.os });
    },
  );
};
