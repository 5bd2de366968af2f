import { canConfigureMonitoring, canManageMonitoringResources } from '@common/monitoring/access';

import { HttpError } from '../../../contracts';
import type { RoutePlugin } from '../../../http/routePlugin';
import { bearerSecurity, errors } from '../../../schemas';
import { ruleSetFamilies } from '../../gluon/public';
import {
  deliverySchema,
  deviceGroupBody,
  deviceGroupSchema,
  familySchema,
  idParams,
  pageProps,
  resubscribeBody,
  ruleBody,
  ruleCreated,
  ruleSchema,
  silenceBody,
  silenceSchema,
  unsubscribedSchema,
} from '../schemas';
import { listDeliveries } from '../services/deliveryLog';
import { createDeviceGroup, deleteDeviceGroup, listDeviceGroups } from '../services/deviceGroups';
import type { MonitoringContext } from '../services/monitoringContext';
import { createRuleWithWebhooks, deleteRule, listRules } from '../services/rules';
import { createSilence, deleteSilence, listSilences } from '../services/silences';
import { listUnsubscribedRecipients, resubscribe } from '../services/unsubscribedRecipients';

/**
 * Monitoring settings: rules and recipients, silences, unsubscribed recipients and the delivery
 * log (mnt#cfg#rw or the monitoring admin); device groups / watch lists (the monitoring admin).
 */
export const settingsRoutes: RoutePlugin<{ monitoring: MonitoringContext }> = async (app, { monitoring }) => {
  const configure = app.authenticate({ allow: canConfigureMonitoring });
  const resources = app.authenticate({ allow: canManageMonitoringResources });
  const list = <const Item>(item: Item) => ({ type: 'array', items: item }) as const;
  const created = {
    type: 'object',
    properties: { id: { type: 'string' } },
    required: ['id'],
    additionalProperties: false,
  } as const;

  app.get(
    '/monitoring-backend/rules',
    {
      preHandler: configure,
      schema: {
        summary: 'The rules with their recipients.',
        security: bearerSecurity,
        response: { 200: list(ruleSchema), ...errors(401, 403) },
      } as const,
    },
    async (request) => listRules(app.db, request.auth.tenantId),
  );

  app.post(
    '/monitoring-backend/rules',
    {
      preHandler: configure,
      schema: {
        summary:
          'Adds a rule: which alerts (severity at least, category, family, device group) go to which recipients, at once or as a daily or weekly digest.',
        security: bearerSecurity,
        body: ruleBody,
        response: { 201: ruleCreated, ...errors(400, 401, 403) },
      } as const,
    },
    async (request, reply) => {
      const { tenantId, userId } = request.auth;
      const rule = await createRuleWithWebhooks(app.db, tenantId, request.body, userId, {
        policy: monitoring.webhooks,
        tokens: app.tokens,
      });
      // The audit names each webhook's host, never its path or secret.
      const webhooks = rule.webhooks.map((w) => w.host);
      await app.audit({
        tenantId,
        actorId: userId,
        action: 'monitoring.ruleCreate',
        target: rule.id,
        details: { name: request.body.name, webhooks },
        ip: request.ip,
      });
      return reply.code(201).send(rule);
    },
  );

  app.get(
    '/monitoring-backend/families',
    {
      preHandler: configure,
      schema: {
        summary: "The families a rule can select: those the tenant's rule sets name, by name.",
        security: bearerSecurity,
        response: { 200: list(familySchema), ...errors(401, 403) },
      } as const,
    },
    async (request) => ruleSetFamilies(app.db, request.auth.tenantId),
  );

  app.delete(
    '/monitoring-backend/rules/:id',
    {
      preHandler: configure,
      schema: {
        summary: 'Deletes a rule.',
        security: bearerSecurity,
        params: idParams,
        response: { 204: { type: 'null' }, ...errors(400, 401, 403, 404) },
      } as const,
    },
    async (request, reply) => {
      const { tenantId, userId } = request.auth;
      if (!(await deleteRule(app.db, tenantId, request.params.id)))
        throw new HttpError(404, 'The rule does not exist.');
      await app.audit({
        tenantId,
        actorId: userId,
        action: 'monitoring.ruleDelete',
        target: request.params.id,
        details: {},
        ip: request.ip,
      });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/monitoring-backend/silences',
    {
      preHandler: configure,
      schema: {
        summary: 'Silences not yet ended.',
        security: bearerSecurity,
        response: { 200: list(silenceSchema), ...errors(401, 403) },
      } as const,
    },
    async (request) => listSilences(app.db, request.auth.tenantId, monitoring.clock()),
  );

  app.post(
    '/monitoring-backend/silences',
    {
      preHandler: configure,
      schema: {
        summary: 'Mutes a rule or a device for a period, with a reason.',
        security: bearerSecurity,
        body: silenceBody,
        response: { 201: created, ...errors(400, 401, 403) },
      } as const,
    },
    async (request, reply) => {
      const { tenantId, userId } = request.auth;
      const b = request.body;
      const id = await createSilence(
        app.db,
        tenantId,
        {
          ruleId: b.ruleId,
          deviceId: b.deviceId,
          startsAt: new Date(b.startsAt),
          endsAt: new Date(b.endsAt),
          reason: b.reason,
        },
        userId,
      );
      await app.audit({
        tenantId,
        actorId: userId,
        action: 'monitoring.silenceCreate',
        target: id,
        details: { reason: b.reason },
        ip: request.ip,
      });
      return reply.code(201).send({ id });
    },
  );

  app.delete(
    '/monitoring-backend/silences/:id',
    {
      preHandler: configure,
      schema: {
        summary: 'Ends a silence.',
        security: bearerSecurity,
        params: idParams,
        response: { 204: { type: 'null' }, ...errors(400, 401, 403, 404) },
      } as const,
    },
    async (request, reply) => {
      if (!(await deleteSilence(app.db, request.auth.tenantId, request.params.id)))
        throw new HttpError(404, 'The silence does not exist.');
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/monitoring-backend/unsubscribed',
    {
      preHandler: configure,
      schema: {
        summary: 'Recipients who unsubscribed from a rule or from all mails.',
        security: bearerSecurity,
        response: { 200: list(unsubscribedSchema), ...errors(401, 403) },
      } as const,
    },
    async (request) => listUnsubscribedRecipients(app.db, request.auth.tenantId),
  );

  app.post(
    '/monitoring-backend/unsubscribed/resubscribe',
    {
      preHandler: configure,
      schema: {
        summary: 'Subscribes a recipient again: to one rule, or with ruleId null to every monitoring mail (audited).',
        security: bearerSecurity,
        body: resubscribeBody,
        response: {
          200: {
            type: 'object',
            properties: { removed: { type: 'integer' } },
            required: ['removed'],
            additionalProperties: false,
          },
          ...errors(400, 401, 403, 404),
        },
      } as const,
    },
    async (request) => {
      const { tenantId, userId } = request.auth;
      const removed = await resubscribe(app.db, tenantId, request.body);
      if (removed === 0) throw new HttpError(404, 'The recipient is not unsubscribed.');
      await app.audit({
        tenantId,
        actorId: userId,
        action: 'monitoring.resubscribe',
        target: request.body.email.toLowerCase(),
        details: { ruleId: request.body.ruleId },
        ip: request.ip,
      });
      return { removed };
    },
  );

  app.get(
    '/monitoring-backend/deliveries',
    {
      preHandler: configure,
      schema: {
        summary: 'The delivery log: what was sent to whom and when, and failures, newest first.',
        security: bearerSecurity,
        querystring: { type: 'object', properties: pageProps, additionalProperties: false },
        response: {
          200: {
            type: 'object',
            properties: {
              items: list(deliverySchema),
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
    async (request) => ({ ...(await listDeliveries(app.db, request.auth.tenantId, request.query)), ...request.query }),
  );

  app.get(
    '/monitoring-backend/device-groups',
    {
      preHandler: resources,
      schema: {
        summary: 'Device groups and watch lists (monitoring admin).',
        security: bearerSecurity,
        response: { 200: list(deviceGroupSchema), ...errors(401, 403) },
      } as const,
    },
    async (request) => listDeviceGroups(app.db, request.auth.tenantId),
  );

  app.post(
    '/monitoring-backend/device-groups',
    {
      preHandler: resources,
      schema: {
        summary: 'Adds a device group; a watched group raises an alert for every new finding on its devices.',
        security: bearerSecurity,
        body: deviceGroupBody,
        response: { 201: created, ...errors(400, 401, 403, 409) },
      } as const,
    },
    async (request, reply) => {
      const { tenantId, userId } = request.auth;
      const id = await createDeviceGroup(app.db, tenantId, request.body);
      await app.audit({
        tenantId,
        actorId: userId,
        action: 'monitoring.groupCreate',
        target: id,
        details: { name: request.body.name },
        ip: request.ip,
      });
      return reply.code(201).send({ id });
    },
  );

  app.delete(
    '/monitoring-backend/device-groups/:id',
    {
      preHandler: resources,
      schema: {
        summary: 'Deletes a device group (and the rules scoped to it).',
        security: bearerSecurity,
        params: idParams,
        response: { 204: { type: 'null' }, ...errors(400, 401, 403, 404) },
      } as const,
    },
    async (request, reply) => {
      const { tenantId, userId } = request.auth;
      if (!(await deleteDeviceGroup(app.db, tenantId, request.params.id)))
        throw new HttpError(404, 'The device group does not exist.');
      await app.audit({
        tenantId,
        actorId: userId,
        action: 'monitoring.groupDelete',
        target: request.params.id,
        details: {},
        ip: request.ip,
      });
      return reply.code(204).send(null);
    },
  );
};
