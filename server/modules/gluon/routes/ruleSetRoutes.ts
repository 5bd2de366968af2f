import { canReadRuleSets, canWriteRuleSets } from '@common/globalrulesrepository/access';

import type { RoutePlugin } from '../../../http/routePlugin';
import { bearerSecurity, errors } from '../../../schemas';
import { MAX_BUNDLE_BYTES } from '../../inspection/public';
import {
  idParams,
  indicatorSchema,
  matchingStatusSchema,
  paged,
  pageQuery,
  ruleSetSchema,
  suppressionSchema,
} from '../schemas';
import type { GluonContext } from '../services/gluonContext';
import { enqueueTenantRescan } from '../services/jobs';
import { matchingStatus } from '../services/matchingStatus';
import { deleteRuleSet, importRuleSet, listIndicators, listRuleSets, setRuleSetEnabled } from '../services/ruleSets';
import { addSuppression, listSuppressions, removeSuppression } from '../services/suppressions';

const BASE = '/globalrulesrepository-backend';

/** Rule sets (STIX 2.1 bundles) and suppressions: read with gln#cfg#r|rw, changed with gln#cfg#w|rw. */
export const ruleSetRoutes: RoutePlugin<{ gluon: GluonContext }> = async (app, { gluon }) => {
  const read = app.authenticate({ allow: canReadRuleSets });
  const write = app.authenticate({ allow: canWriteRuleSets });
  const rescan = async (tenantId: string) => {
    await enqueueTenantRescan(gluon.jobs, tenantId);
  };

  app.get(
    '/globalrulesrepository-backend/ruleSets',
    {
      preHandler: read,
      schema: {
        summary: "The tenant's rule sets with families, indicator counts per type and unsupported patterns.",
        security: bearerSecurity,
        response: { 200: { type: 'array', items: ruleSetSchema }, ...errors(401, 403) },
      } as const,
    },
    async (request) => listRuleSets(app.db, request.auth.tenantId),
  );

  app.post(
    `${BASE}/ruleSets`,
    {
      preHandler: write,
      // A pasted or uploaded bundle travels as JSON text; allow the bundle limit plus the envelope.
      bodyLimit: MAX_BUNDLE_BYTES * 2 + 4096,
      schema: {
        summary:
          'Imports a STIX 2.1 bundle (pasted or read from a file). The same bundle id with other content replaces the rule set (a newer version); stored observations are then matched again.',
        security: bearerSecurity,
        body: {
          type: 'object',
          properties: { bundle: { type: 'string', minLength: 1 }, fileName: { type: 'string', maxLength: 255 } },
          required: ['bundle'],
          additionalProperties: false,
        },
        response: {
          200: {
            type: 'object',
            properties: { ruleSet: ruleSetSchema, status: { type: 'string', enum: ['unchanged'] } },
            required: ['ruleSet', 'status'],
            additionalProperties: false,
          },
          201: {
            type: 'object',
            properties: { ruleSet: ruleSetSchema, status: { type: 'string', enum: ['created', 'updated'] } },
            required: ['ruleSet', 'status'],
            additionalProperties: false,
          },
          ...errors(400, 401, 403, 413),
        },
      } as const,
    },
    async (request, reply) => {
      const auth = request.auth;
      const { ruleSet, status } = await importRuleSet(app.db, {
        tenantId: auth.tenantId,
        userId: auth.userId,
        bundle: request.body.bundle,
        ...(request.body.fileName ? { fileName: request.body.fileName } : {}),
      });
      if (status === 'unchanged') return reply.code(200).send({ ruleSet, status });
      await app.audit({
        tenantId: auth.tenantId,
        actorId: auth.userId,
        action: `gluon.ruleSet.${status === 'created' ? 'import' : 'update'}`,
        target: ruleSet.id,
        details: { name: ruleSet.name, version: ruleSet.version, indicators: ruleSet.indicatorCount },
        ip: request.ip,
      });
      await rescan(auth.tenantId);
      return reply.code(201).send({ ruleSet, status });
    },
  );

  app.patch(
    `${BASE}/ruleSets/:id`,
    {
      preHandler: write,
      schema: {
        summary: 'Enables or disables a rule set; enabling matches stored observations again.',
        security: bearerSecurity,
        params: idParams,
        body: {
          type: 'object',
          properties: { enabled: { type: 'boolean' } },
          required: ['enabled'],
          additionalProperties: false,
        },
        response: { 200: ruleSetSchema, ...errors(400, 401, 403, 404) },
      } as const,
    },
    async (request) => {
      const auth = request.auth;
      const ruleSet = await setRuleSetEnabled(app.db, auth.tenantId, request.params.id, request.body.enabled);
      await app.audit({
        tenantId: auth.tenantId,
        actorId: auth.userId,
        action: request.body.enabled ? 'gluon.ruleSet.enable' : 'gluon.ruleSet.disable',
        target: ruleSet.id,
        details: { name: ruleSet.name },
        ip: request.ip,
      });
      if (request.body.enabled) await rescan(auth.tenantId);
      return ruleSet;
    },
  );

  app.delete(
    `${BASE}/ruleSets/:id`,
    {
      preHandler: write,
      schema: {
        summary: 'Deletes a rule set and its indicators; findings it produced stay, with its name and version.',
        security: bearerSecurity,
        params: idParams,
        response: { 204: { type: 'null' }, ...errors(400, 401, 403, 404) },
      } as const,
    },
    async (request, reply) => {
      const auth = request.auth;
      const gone = await deleteRuleSet(app.db, auth.tenantId, request.params.id);
      await app.audit({
        tenantId: auth.tenantId,
        actorId: auth.userId,
        action: 'gluon.ruleSet.delete',
        target: request.params.id,
        details: gone,
        ip: request.ip,
      });
      return reply.code(204).send(null);
    },
  );

  app.get(
    `${BASE}/ruleSets/:id/indicators`,
    {
      preHandler: read,
      schema: {
        summary: "One page of a rule set's indicators with their suppression; search matches value, family and id.",
        security: bearerSecurity,
        params: idParams,
        querystring: {
          type: 'object',
          properties: { ...pageQuery, suppressed: { type: 'boolean', default: false } },
          additionalProperties: false,
        },
        response: { 200: paged(indicatorSchema), ...errors(400, 401, 403, 404) },
      } as const,
    },
    async (request) => {
      const { page, size, search, suppressed } = request.query;
      const result = await listIndicators(app.db, request.auth.tenantId, request.params.id, {
        page,
        size,
        suppressed,
        ...(search ? { search } : {}),
      });
      return { ...result, page, size };
    },
  );

  app.get(
    `${BASE}/suppressions`,
    {
      preHandler: read,
      schema: {
        summary: 'Suppressed indicators (false positives), newest first.',
        security: bearerSecurity,
        response: { 200: { type: 'array', items: suppressionSchema }, ...errors(401, 403) },
      } as const,
    },
    async (request) => listSuppressions(app.db, request.auth.tenantId),
  );

  app.post(
    `${BASE}/suppressions`,
    {
      preHandler: write,
      schema: {
        summary:
          'Suppresses one indicator (a false positive) with a reason: its stored findings are marked suppressed at once, an open incident left without findings is resolved as false positive.',
        security: bearerSecurity,
        body: {
          type: 'object',
          properties: {
            indicatorId: { type: 'string', minLength: 1, maxLength: 300 },
            reason: { type: 'string', minLength: 1, maxLength: 2000 },
          },
          required: ['indicatorId', 'reason'],
          additionalProperties: false,
        },
        response: {
          201: {
            type: 'object',
            properties: {
              suppression: suppressionSchema,
              findings: { type: 'integer' },
              resolvedIncidents: { type: 'array', items: { type: 'string' } },
            },
            required: ['suppression', 'findings', 'resolvedIncidents'],
            additionalProperties: false,
          },
          ...errors(400, 401, 403, 404),
        },
      } as const,
    },
    async (request, reply) => {
      const auth = request.auth;
      const result = await addSuppression(app.db, auth.tenantId, request.body, {
        userId: auth.userId,
        email: auth.user?.email ?? null,
      });
      await app.audit({
        tenantId: auth.tenantId,
        actorId: auth.userId,
        action: 'gluon.indicator.suppress',
        target: request.body.indicatorId,
        details: { reason: result.suppression.reason, findings: result.findings },
        ip: request.ip,
      });
      await rescan(auth.tenantId);
      return reply.code(201).send(result);
    },
  );

  app.delete(
    `${BASE}/suppressions/:id`,
    {
      preHandler: write,
      schema: {
        summary:
          'Undoes a suppression: the stored findings it covered are active again at once (an incident it had closed as false positive reopens; one an analyst triaged keeps its state), and stored observations are matched again.',
        security: bearerSecurity,
        params: idParams,
        response: {
          200: {
            type: 'object',
            properties: {
              suppression: suppressionSchema,
              findings: { type: 'integer' },
              reopenedIncidents: { type: 'array', items: { type: 'string' } },
            },
            required: ['suppression', 'findings', 'reopenedIncidents'],
            additionalProperties: false,
          },
          ...errors(400, 401, 403, 404),
        },
      } as const,
    },
    async (request) => {
      const auth = request.auth;
      const result = await removeSuppression(app.db, auth.tenantId, request.params.id, {
        userId: auth.userId,
        email: auth.user?.email ?? null,
      });
      await app.audit({
        tenantId: auth.tenantId,
        actorId: auth.userId,
        action: 'gluon.indicator.unsuppress',
        target: result.suppression.indicatorId,
        details: {
          reason: result.suppression.reason,
          value: result.suppression.value,
          findings: result.findings,
          reopenedIncidents: result.reopenedIncidents,
        },
        ip: request.ip,
      });
      await rescan(auth.tenantId);
      return result;
    },
  );

  app.get(
    `${BASE}/matching`,
    {
      preHandler: read,
      schema: {
        summary:
          'Where the latest "stored observations are being matched again" stands (the tenant-wide rescan a rule-set import, enable or suppression queues): queued, running with devices done, or done with the new findings.',
        security: bearerSecurity,
        response: { 200: matchingStatusSchema, ...errors(401, 403) },
      } as const,
    },
    async (request) => matchingStatus(app.db, gluon.jobs, request.auth.tenantId),
  );
};
