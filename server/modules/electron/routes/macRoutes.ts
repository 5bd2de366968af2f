import { canReadMacs } from '@common/electron/access';

import { HttpError } from '../../../contracts';
import type { RoutePlugin } from '../../../http/routePlugin';
import { bearerSecurity, errors } from '../../../schemas';
import { idParams } from '../../gluon/public';
import { macDetailSchema, macListSchema, TIMELINE_KINDS, timelineSchema } from '../schemas';
import { listArchives } from '../services/archives';
import { getMac, listMacs, macTimeline } from '../services/macs';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The Macs by risk, a Mac's page and its storyline. */
export const macRoutes: RoutePlugin = async (app) => {
  app.get(
    '/electron-backend/macs',
    {
      preHandler: app.authenticate({ allow: canReadMacs }),
      schema: {
        summary: "The tenant's Macs, riskiest first (High while an incident is open), and the latest archives.",
        security: bearerSecurity,
        response: { 200: macListSchema, ...errors(401, 403) },
      } as const,
    },
    async (request) => {
      const tenantId = request.auth.tenantId;
      return { items: await listMacs(app.db, tenantId), archives: await listArchives(app.db, tenantId, { limit: 10 }) };
    },
  );

  app.get(
    '/electron-backend/macs/:id',
    {
      preHandler: app.authenticate({ allow: canReadMacs }),
      schema: {
        summary:
          "A Mac: its risk, heuristics with their evidence and why they matter, incidents, persistence, TCC grants, processes, network, downloads, and its archives (the latest archive's report).",
        security: bearerSecurity,
        params: idParams,
        response: { 200: macDetailSchema, ...errors(400, 401, 403, 404) },
      } as const,
    },
    async (request) => {
      if (!UUID.test(request.params.id)) throw new HttpError(404, 'This Mac does not exist.');
      return getMac(app.db, request.auth.tenantId, request.params.id);
    },
  );

  app.get(
    '/electron-backend/macs/:id/timeline',
    {
      preHandler: app.authenticate({ allow: canReadMacs }),
      schema: {
        summary:
          "A Mac's storyline: downloads, TCC grants, XProtect detections, visits and files merged, oldest first, paged.",
        security: bearerSecurity,
        params: idParams,
        querystring: {
          type: 'object',
          properties: {
            page: { type: 'integer', minimum: 0, maximum: 100000, default: 0 },
            size: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
            kind: { type: 'string', enum: TIMELINE_KINDS },
            search: { type: 'string', maxLength: 200 },
          },
          additionalProperties: false,
        },
        response: { 200: timelineSchema, ...errors(400, 401, 403, 404) },
      } as const,
    },
    async (request) => {
      const { page, size, kind, search } = request.query;
      return macTimeline(app.db, request.auth.tenantId, request.params.id, {
        page,
        size,
        ...(kind ? { kind } : {}),
        ...(search ? { search } : {}),
      });
    },
  );
};
