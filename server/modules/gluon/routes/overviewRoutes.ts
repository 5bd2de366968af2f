import { canReadReports } from '@common/gluon/access';

import type { RoutePlugin } from '../../../http/routePlugin';
import { bearerSecurity, errors } from '../../../schemas';
import { incidentQueueQuery, incidentQueueSchema, overviewSchema } from '../schemas';
import { gluonOverview, listIncidentQueue } from '../services/incidentQueue';

/** The gluon landing (gln#rpt read): incidents across devices, counts and the latest inspections. */
export const overviewRoutes: RoutePlugin = async (app) => {
  const reports = app.authenticate({ allow: canReadReports });

  app.get(
    '/gluon-backend/incidents',
    {
      preHandler: reports,
      schema: {
        summary:
          "Incidents across the tenant's devices (open and confirmed by default), filtered by state, severity, owner (`owner=me`: assigned to the caller) and a search of family, device name and model, sorted by any column; keyset paged: pass the answer's `next` as `after`.",
        security: bearerSecurity,
        querystring: incidentQueueQuery,
        response: { 200: incidentQueueSchema, ...errors(400, 401, 403) },
      } as const,
    },
    async (request) => {
      const { sort, order, state, severity, search, size, after, owner } = request.query;
      const ownerId = owner === 'me' ? request.auth.userId : undefined;
      return listIncidentQueue(app.db, request.auth.tenantId, {
        sort,
        order,
        state,
        severity,
        search,
        size,
        after,
        ownerId,
      });
    },
  );

  app.get(
    '/gluon-backend/overview',
    {
      preHandler: reports,
      schema: {
        summary:
          'Counts of incidents by severity (open and confirmed) and by state, and the latest inspections of uploaded and collected files.',
        security: bearerSecurity,
        response: { 200: overviewSchema, ...errors(401, 403) },
      } as const,
    },
    async (request) => gluonOverview(app.db, request.auth.tenantId),
  );
};
