import { csvDocument } from '@common/csv/csvCell';
import { canHunt } from '@common/neutrino/access';

import { attachmentHeader } from '../../../http/attachmentHeader';
import type { RoutePlugin } from '../../../http/routePlugin';
import { bearerSecurity, errors } from '../../../schemas';
import { tenantTimeZone } from '../../../services/tenants';
import { campaignSchema, exportQuerystring, familiesSchema, huntPageSchema, huntQuerystring } from '../schemas';
import { campaign, listFamilies } from '../services/campaigns';
import { EXPORT_HEADER, exportCells, huntDevices, huntRows } from '../services/hunt';

export const NEUTRINO_BASE = '/neutrino-backend';

/** The hunt across every device of the tenant, its CSV export and campaigns: ntr#hnt#r or rw. */
export const huntRoutes: RoutePlugin = async (app) => {
  const hunt = app.authenticate({ allow: canHunt });

  app.get(
    `${NEUTRINO_BASE}/hunt`,
    {
      preHandler: hunt,
      schema: {
        summary:
          "Every observation of the tenant's devices with the value (exact, prefix or contains), by kind and time range, grouped by device (newest sighting first) with the latest evidence; keyset paged by `cursor`. A search over its time budget answers 503.",
        security: bearerSecurity,
        querystring: huntQuerystring,
        response: { 200: huntPageSchema, ...errors(400, 401, 403, 503) },
      } as const,
    },
    async (request) => {
      const { cursor, size, ...query } = request.query;
      return huntDevices(app.db, request.auth.tenantId, query, { size, ...(cursor ? { cursor } : {}) });
    },
  );

  app.get(
    `${NEUTRINO_BASE}/hunt/export`,
    {
      preHandler: hunt,
      schema: {
        summary: 'The same hunt as CSV, one line per observation (at most 50,000).',
        security: bearerSecurity,
        querystring: exportQuerystring,
        response: { 200: { type: 'string', description: 'text/csv' }, ...errors(400, 401, 403, 503) },
      } as const,
    },
    async (request, reply) => {
      const rows = await huntRows(app.db, request.auth.tenantId, request.query);
      const zone = await tenantTimeZone(app.db, request.auth.tenantId);
      await app.audit({
        tenantId: request.auth.tenantId,
        actorId: request.auth.userId,
        action: 'neutrino.hunt.export',
        target: null,
        details: { mode: request.query.mode, value: request.query.value, rows: rows.length },
        ip: request.ip,
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .header('Content-Disposition', attachmentHeader('neutrino-hunt.csv'))
        .send(
          csvDocument(
            EXPORT_HEADER,
            rows.map((row) => exportCells(row, zone)),
          ),
        );
    },
  );

  app.get(
    `${NEUTRINO_BASE}/campaigns/families`,
    {
      preHandler: hunt,
      schema: {
        summary: "Families the tenant's incidents name, with their devices and open incidents.",
        security: bearerSecurity,
        response: { 200: familiesSchema, ...errors(401, 403) },
      } as const,
    },
    async (request) => listFamilies(app.db, request.auth.tenantId),
  );

  app.get(
    `${NEUTRINO_BASE}/campaigns`,
    {
      preHandler: hunt,
      schema: {
        summary:
          'A family (`familyId`) or one indicator value (`indicator`) across the fleet: devices, first and last sighting, incidents and triage states, a timeline per day (in the zone `offset` hours from UTC).',
        security: bearerSecurity,
        querystring: {
          type: 'object',
          properties: {
            familyId: { type: 'string', minLength: 1, maxLength: 500 },
            indicator: { type: 'string', minLength: 1, maxLength: 500 },
            // The reader's zone (the console's fixed offsets, in hours): the timeline's days are theirs.
            offset: {
              type: 'number',
              minimum: -14,
              maximum: 14,
              description: 'Hours from UTC of the days in `timeline` (default 0: UTC days).',
            },
          },
          additionalProperties: false,
        },
        response: { 200: campaignSchema, ...errors(400, 401, 403, 404, 503) },
      } as const,
    },
    async (request) => campaign(app.db, request.auth.tenantId, request.query),
  );
};
