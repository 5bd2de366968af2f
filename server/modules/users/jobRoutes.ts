import { canWriteUsers, hasUserManagementAccess } from '@common/admin/access';

import type { RoutePlugin } from '../../http/routePlugin';
import { bearerSecurity, errors } from '../../schemas';
import { jobOverview, retryFailedJob } from './jobOverview';
import { jobIdParams, jobOverviewSchema } from './jobSchemas';
import { pageQueryProperties } from './userSchemas';

/**
 * The job queue as the Administration jobs page sees it: any user-management reader (as the audit
 * log) reads the counts and the tenant's failed jobs; a writer (umg#usr#rw) retries one, audited.
 */
export const jobRoutes: RoutePlugin = async (app) => {
  app.get(
    '/um/jobs',
    {
      preHandler: app.authenticate({ allow: hasUserManagementAccess }),
      schema: {
        summary: "Background jobs per queue and state, and the tenant's latest failed jobs (paged).",
        security: bearerSecurity,
        querystring: { type: 'object', properties: pageQueryProperties, additionalProperties: false },
        response: { 200: jobOverviewSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => jobOverview(app.queue, request.auth.tenantId, request.query),
  );

  app.post(
    '/um/jobs/:id/retry',
    {
      preHandler: app.authenticate({ allow: canWriteUsers }),
      schema: {
        summary: 'Queues a failed job of the tenant again for one more attempt, due now.',
        security: bearerSecurity,
        params: jobIdParams,
        response: { 204: { type: 'null', description: 'Queued again' }, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const queue = await retryFailedJob(app.queue, request.auth.tenantId, request.params.id);
      await app.audit({
        tenantId: request.auth.tenantId,
        actorId: request.auth.userId,
        action: 'job.retry',
        target: queue,
        details: { jobId: request.params.id },
        ip: request.ip,
      });
      return reply.code(204).send(null);
    },
  );
};
