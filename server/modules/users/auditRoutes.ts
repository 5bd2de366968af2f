import { hasUserManagementAccess } from '@common/admin/access';

import { HttpError } from '../../contracts';
import type { RoutePlugin } from '../../http/routePlugin';
import { bearerSecurity, cursorAnswer, cursorQuery, errors } from '../../schemas';
import { AUDIT_EXPORT_LIMIT, auditEventsCsv, listAuditEvents } from './auditLog';
import {
  auditEventSchema,
  type AuditFilter,
  auditFilterProperties,
  auditFilterQuery,
  pageQueryProperties,
} from './userSchemas';

function assertRange(f: AuditFilter): void {
  if (f.from && f.to && new Date(f.from).getTime() >= new Date(f.to).getTime())
    throw new HttpError(400, 'The start of the date range must be before its end.');
}

/** The tenant's audit log: one page as JSON, or the filtered log as CSV. Any user-management reader. */
export const auditRoutes: RoutePlugin = async (app) => {
  const read = app.authenticate({ allow: hasUserManagementAccess });

  app.get(
    '/um/auditEvents',
    {
      preHandler: read,
      schema: {
        summary: "The tenant's audit log, newest first, paged; filtered by action prefix, actor e-mail and date range.",
        security: bearerSecurity,
        querystring: {
          type: 'object',
          properties: { ...pageQueryProperties, ...cursorQuery, ...auditFilterProperties },
          additionalProperties: false,
        },
        response: {
          200: {
            type: 'object',
            properties: {
              items: { type: 'array', items: auditEventSchema },
              total: { type: 'integer', description: 'Counted up to 10,000' },
              totalCapped: {
                type: 'boolean',
                description: 'More than 10,000 events match: the console shows "10,000+"',
              },
              page: { type: 'integer' },
              size: { type: 'integer' },
              ...cursorAnswer,
            },
            required: ['items', 'total', 'page', 'size'],
            additionalProperties: false,
          },
          ...errors(400, 401, 403),
        },
      },
    },
    async (request) => {
      const { page, size, after, before, action, actor, from, to } = request.query;
      assertRange(request.query);
      return {
        ...(await listAuditEvents(app.db, request.auth.tenantId, {
          page,
          size,
          after,
          before,
          action,
          actor,
          from,
          to,
        })),
        page,
        size,
      };
    },
  );

  app.get(
    '/um/auditEvents/export',
    {
      preHandler: read,
      schema: {
        summary: `The filtered audit log as CSV (time, action, actor, target, ip, details), newest first, at most ${AUDIT_EXPORT_LIMIT} rows.`,
        security: bearerSecurity,
        querystring: auditFilterQuery,
        produces: ['text/csv'],
        response: { 200: { type: 'string', description: 'text/csv' }, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { action, actor, from, to } = request.query;
      assertRange(request.query);
      const csv = await auditEventsCsv(app.db, request.auth.tenantId, { action, actor, from, to });
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-log-${day}.csv"`)
        .send(csv);
    },
  );
};
