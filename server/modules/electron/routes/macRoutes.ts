import { canReadMacs, canTriageMacs } from '@common/electron/access';

import { HttpError } from '../../../contracts';
import type { RoutePlugin } from '../../../http/routePlugin';
import { bearerSecurity, errors } from '../../../schemas';
import { idParams } from '../../gluon/public';
import { heuristicTriageBody, macDetailSchema, macListSchema, TIMELINE_KINDS, timelineSchema } from '../schemas';
import { listArchives } from '../services/archives';
import { getMac, listMacs, macTimeline, triageHeuristic } from '../services/macs';

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

  app.post(
    '/electron-backend/macs/:id/heuristics/triage',
    {
      preHandler: app.authenticate({ allow: canTriageMacs }),
      schema: {
        summary:
          "Marks a heuristic of the Mac's latest archive benign, with why (it no longer counts in the Mac's risk, in later archives too), or reopens it; answers the Mac's page. Recorded in the audit log.",
        security: bearerSecurity,
        params: idParams,
        body: heuristicTriageBody,
        response: { 200: macDetailSchema, ...errors(400, 401, 403, 404) },
      } as const,
    },
    async (request) => {
      if (!UUID.test(request.params.id)) throw new HttpError(404, 'This Mac does not exist.');
      const { auth } = request;
      const { key, state, comment } = request.body;
      const { from } = await triageHeuristic(
        app.db,
        auth.tenantId,
        request.params.id,
        { key, state, ...(comment !== undefined ? { comment } : {}) },
        { userId: auth.userId, email: auth.user?.email ?? null },
      );
      await app.audit({
        tenantId: auth.tenantId,
        actorId: auth.userId,
        action: 'electron.heuristic.triage',
        target: request.params.id,
        details: { heuristic: key.slice(0, 300), from, to: state, ...(comment ? { comment } : {}) },
        ip: request.ip,
      });
      return getMac(app.db, auth.tenantId, request.params.id);
    },
  );
};
