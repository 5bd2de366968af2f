import { canHunt, canSweepIntoRuleSet } from '@common/neutrino/access';

import type { RoutePlugin } from '../../../http/routePlugin';
import { bearerSecurity, errors } from '../../../schemas';
import { enqueueTenantRescan, importRuleSet, ruleSetSchema } from '../../gluon/public';
import { MAX_BUNDLE_BYTES } from '../../inspection/public';
import { sweepBody, sweepResultSchema } from '../schemas';
import { sweep } from '../services/sweep';
import { parseSweep, sweepBundleText, sweepInputOf } from '../services/sweepInput';
import { NEUTRINO_BASE } from './huntRoutes';

const bodyLimit = MAX_BUNDLE_BYTES * 2 + 4096;

/** Sweeps (retro-hunts) over everything collected, and a sweep turned into a gluon rule set. */
export const sweepRoutes: RoutePlugin = async (app) => {
  app.post(
    `${NEUTRINO_BASE}/sweeps`,
    {
      preHandler: app.authenticate({ allow: canHunt }),
      bodyLimit,
      schema: {
        summary:
          'Which devices ever observed any of these indicators (a STIX 2.1 bundle, or values one per line with their type), by the matching rules of inspections; no rule set is created. At most 10,000 values.',
        security: bearerSecurity,
        body: sweepBody,
        response: { 200: sweepResultSchema, ...errors(400, 401, 403, 413, 422, 503) },
      } as const,
    },
    async (request) => sweep(app.db, request.auth.tenantId, sweepInputOf(request.body)),
  );

  app.post(
    `${NEUTRINO_BASE}/sweeps/ruleSet`,
    {
      preHandler: app.authenticate({ allow: canSweepIntoRuleSet }),
      bodyLimit,
      schema: {
        summary:
          "Turns a sweep into a gluon rule set named `name` (gluon's import: it then keeps watching every inspection). A bundle swept again is its rule set: `updated` (201) when its indicators or the name changed, `unchanged` (200) when nothing did. Needs gln#cfg#w or rw too.",
        security: bearerSecurity,
        body: sweepBody,
        response: {
          // As gluon's import: 200 when the same indicators under the same name are there already.
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
      const input = sweepInputOf(request.body);
      const text = sweepBundleText(input);
      // The sweep's own bounds first (values, lengths), then gluon's import of the same text.
      parseSweep(text);
      const { ruleSet, status } = await importRuleSet(app.db, {
        tenantId: auth.tenantId,
        userId: auth.userId,
        bundle: text,
        fileName: 'sweep.stix2',
        ...(input.name ? { name: input.name } : {}),
      });
      await app.audit({
        tenantId: auth.tenantId,
        actorId: auth.userId,
        action: 'neutrino.sweep.ruleSet',
        target: ruleSet.id,
        details: { name: ruleSet.name, indicators: ruleSet.indicatorCount, status },
        ip: request.ip,
      });
      // Stored observations are matched again by gluon's worker, as after any import.
      if (status === 'unchanged') return reply.code(200).send({ ruleSet, status });
      await enqueueTenantRescan(app.queue, auth.tenantId);
      return reply.code(201).send({ ruleSet, status });
    },
  );
};
