import { canReadReports, canTriage } from '@common/gluon/access';

import type { RoutePlugin } from '../../../http/routePlugin';
import { bearerSecurity, errors } from '../../../schemas';
import { idParams, incidentDetailSchema, incidentOwnerSchema, suppressionSchema } from '../schemas';
import type { GluonContext } from '../services/gluonContext';
import {
  getIncident,
  INCIDENT_STATES,
  listIncidentOwners,
  setIncidentOwner,
  triageIncident,
} from '../services/incidents';
import { enqueueTenantRescan } from '../services/jobs';
import { markFindingFalsePositive, undoFindingFalsePositive } from '../services/suppressions';

/** Incidents (one per device and family): evidence and timeline (gln#rpt read), triage and owner (gln#rpt write). */
export const incidentRoutes: RoutePlugin<{ gluon: GluonContext }> = async (app, { gluon }) => {
  app.get(
    '/gluon-backend/incidents/:id',
    {
      preHandler: app.authenticate({ allow: canReadReports }),
      schema: {
        summary:
          'An incident with its evidence (file, line, raw record, indicator, rule-set version) and its timeline.',
        security: bearerSecurity,
        params: idParams,
        response: { 200: incidentDetailSchema, ...errors(400, 401, 403, 404) },
      } as const,
    },
    async (request) => getIncident(app.db, request.auth.tenantId, request.params.id),
  );

  app.post(
    '/gluon-backend/incidents/:id/triage',
    {
      preHandler: app.authenticate({ allow: canTriage }),
      schema: {
        summary:
          'Triage: open -> confirmed | benign | false_positive (or back to open), with a comment; the author is recorded in the timeline and the audit log.',
        security: bearerSecurity,
        params: idParams,
        body: {
          type: 'object',
          properties: {
            state: { type: 'string', enum: [...INCIDENT_STATES] },
            comment: { type: 'string', minLength: 1, maxLength: 5000 },
          },
          required: ['state', 'comment'],
          additionalProperties: false,
        },
        response: { 200: incidentDetailSchema, ...errors(400, 401, 403, 404) },
      } as const,
    },
    async (request) => {
      const auth = request.auth;
      const comment = request.body.comment.trim();
      const { from } = await triageIncident(
        app.db,
        auth.tenantId,
        request.params.id,
        { state: request.body.state, comment },
        { userId: auth.userId, email: auth.user?.email ?? null },
      );
      await app.audit({
        tenantId: auth.tenantId,
        actorId: auth.userId,
        action: 'gluon.incident.triage',
        target: request.params.id,
        details: { from, to: request.body.state, comment },
        ip: request.ip,
      });
      return getIncident(app.db, auth.tenantId, request.params.id);
    },
  );

  app.get(
    '/gluon-backend/incidentOwners',
    {
      preHandler: app.authenticate({ allow: canTriage }),
      schema: {
        summary: "The tenant's active users who may triage, by e-mail: whom an incident can be given to.",
        security: bearerSecurity,
        response: {
          200: {
            type: 'object',
            properties: { items: { type: 'array', items: incidentOwnerSchema } },
            required: ['items'],
            additionalProperties: false,
          },
          ...errors(401, 403),
        },
      } as const,
    },
    async (request) => ({ items: await listIncidentOwners(app.db, request.auth.tenantId) }),
  );

  app.put(
    '/gluon-backend/incidents/:id/owner',
    {
      preHandler: app.authenticate({ allow: canTriage }),
      schema: {
        summary:
          'Gives the incident to an owner (an active user of the tenant who can see incidents), or to nobody (null); recorded in the audit log.',
        security: bearerSecurity,
        params: idParams,
        body: {
          type: 'object',
          properties: { userId: { type: ['string', 'null'], format: 'uuid' } },
          required: ['userId'],
          additionalProperties: false,
        },
        response: { 200: incidentDetailSchema, ...errors(400, 401, 403, 404) },
      } as const,
    },
    async (request) => {
      const auth = request.auth;
      const { from, to } = await setIncidentOwner(app.db, auth.tenantId, request.params.id, request.body.userId, {
        userId: auth.userId,
        email: auth.user?.email ?? null,
      });
      if (from?.id !== to?.id)
        await app.audit({
          tenantId: auth.tenantId,
          actorId: auth.userId,
          action: to ? 'gluon.incident.owner' : 'gluon.incident.ownerClear',
          target: request.params.id,
          details: { from: from?.email ?? null, to: to?.email ?? null },
          ip: request.ip,
        });
      return getIncident(app.db, auth.tenantId, request.params.id);
    },
  );

  app.post(
    '/gluon-backend/findings/:id/falsePositive',
    {
      preHandler: app.authenticate({ allow: canTriage }),
      schema: {
        summary:
          'Marks one finding a false positive: its indicator is suppressed for exactly the value observed (other values still match), with the reason.',
        security: bearerSecurity,
        params: idParams,
        body: {
          type: 'object',
          properties: { reason: { type: 'string', minLength: 1, maxLength: 2000 } },
          required: ['reason'],
          additionalProperties: false,
        },
        response: {
          201: {
            type: 'object',
            properties: { suppression: suppressionSchema, incident: incidentDetailSchema },
            required: ['suppression', 'incident'],
            additionalProperties: false,
          },
          ...errors(400, 401, 403, 404),
        },
      } as const,
    },
    async (request, reply) => {
      const auth = request.auth;
      const result = await markFindingFalsePositive(app.db, auth.tenantId, request.params.id, request.body.reason, {
        userId: auth.userId,
        email: auth.user?.email ?? null,
      });
      await app.audit({
        tenantId: auth.tenantId,
        actorId: auth.userId,
        action: 'gluon.finding.falsePositive',
        target: request.params.id,
        details: { indicatorId: result.suppression.indicatorId, reason: result.suppression.reason },
        ip: request.ip,
      });
      await enqueueTenantRescan(gluon.jobs, auth.tenantId);
      return reply.code(201).send({
        suppression: result.suppression,
        incident: await getIncident(app.db, auth.tenantId, result.incidentId),
      });
    },
  );
  app.delete(
    '/gluon-backend/findings/:id/falsePositive',
    {
      preHandler: app.authenticate({ allow: canTriage }),
      schema: {
        summary:
          "Undoes a finding's false positive: the suppression of its indicator for exactly the value observed goes (for every device), the findings it covered are active again, an incident it closed reopens, and stored observations are matched again. 409 when the finding is not marked, or a suppression of the whole indicator covers it (undone in the Global rules repository).",
        security: bearerSecurity,
        params: idParams,
        response: {
          200: {
            type: 'object',
            properties: {
              findings: { type: 'integer' },
              reopenedIncidents: { type: 'array', items: { type: 'string' } },
              incident: incidentDetailSchema,
            },
            required: ['findings', 'reopenedIncidents', 'incident'],
            additionalProperties: false,
          },
          ...errors(400, 401, 403, 404, 409),
        },
      } as const,
    },
    async (request) => {
      const auth = request.auth;
      const result = await undoFindingFalsePositive(app.db, auth.tenantId, request.params.id, {
        userId: auth.userId,
        email: auth.user?.email ?? null,
      });
      await app.audit({
        tenantId: auth.tenantId,
        actorId: auth.userId,
        action: 'gluon.finding.falsePositiveUndo',
        target: request.params.id,
        details: {
          indicatorId: result.suppressions[0]?.indicatorId ?? null,
          reason: result.suppressions[0]?.reason ?? null,
          findings: result.findings,
          reopenedIncidents: result.reopenedIncidents,
        },
        ip: request.ip,
      });
      await enqueueTenantRescan(gluon.jobs, auth.tenantId);
      return {
        findings: result.findings,
        reopenedIncidents: result.reopenedIncidents,
        incident: await getIncident(app.db, auth.tenantId, result.incidentId),
      };
    },
  );
};
