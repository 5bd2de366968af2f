import { canHunt, canSaveHunts } from '@common/neutrino/access';

import type { RoutePlugin } from '../../../http/routePlugin';
import { bearerSecurity, errors } from '../../../schemas';
import { idParams } from '../../gluon/public';
import { MAX_BUNDLE_BYTES } from '../../inspection/public';
import { huntMatchSchema, savedHuntSchema, saveHuntBody } from '../schemas';
import { deleteSavedHunt, listMatches, listSavedHunts, saveHunt } from '../services/savedHunts';
import { sweepInputOf } from '../services/sweepInput';
import { NEUTRINO_BASE } from './huntRoutes';

/** Saved hunts: listed and their matches read with ntr#hnt#r|rw, saved and deleted with ntr#hnt#rw. */
export const savedHuntRoutes: RoutePlugin = async (app) => {
  const read = app.authenticate({ allow: canHunt });
  const write = app.authenticate({ allow: canSaveHunts });

  app.get(
    `${NEUTRINO_BASE}/savedHunts`,
    {
      preHandler: read,
      schema: {
        summary: "The tenant's saved hunts with their match counts.",
        security: bearerSecurity,
        response: { 200: { type: 'array', items: savedHuntSchema }, ...errors(401, 403) },
      } as const,
    },
    async (request) => listSavedHunts(app.db, request.auth.tenantId),
  );

  app.post(
    `${NEUTRINO_BASE}/savedHunts`,
    {
      preHandler: write,
      bodyLimit: MAX_BUNDLE_BYTES * 2 + 4096,
      schema: {
        summary:
          'Saves a hunt or a sweep: it runs now over everything collected, then on every new inspection and daily; each new match is one row (Monitoring alerts on them).',
        security: bearerSecurity,
        body: saveHuntBody,
        response: { 201: savedHuntSchema, ...errors(400, 401, 403, 409, 413, 422) },
      } as const,
    },
    async (request, reply) => {
      const auth = request.auth;
      const { name, hunt, sweep } = request.body;
      const saved = await saveHunt(app.db, {
        tenantId: auth.tenantId,
        userId: auth.userId,
        name,
        ...(hunt ? { hunt: { mode: hunt.mode, value: hunt.value, ...(hunt.kinds ? { kinds: hunt.kinds } : {}) } } : {}),
        ...(sweep ? { sweep: sweepInputOf(sweep) } : {}),
      });
      await app.audit({
        tenantId: auth.tenantId,
        actorId: auth.userId,
        action: 'neutrino.savedHunt.create',
        target: saved.id,
        details: { name: saved.name, type: saved.type },
        ip: request.ip,
      });
      return reply.code(201).send(saved);
    },
  );

  app.delete(
    `${NEUTRINO_BASE}/savedHunts/:id`,
    {
      preHandler: write,
      schema: {
        summary: 'Deletes a saved hunt and its matches.',
        security: bearerSecurity,
        params: idParams,
        response: { 204: { type: 'null' }, ...errors(400, 401, 403, 404) },
      } as const,
    },
    async (request, reply) => {
      const auth = request.auth;
      const gone = await deleteSavedHunt(app.db, auth.tenantId, request.params.id);
      await app.audit({
        tenantId: auth.tenantId,
        actorId: auth.userId,
        action: 'neutrino.savedHunt.delete',
        target: request.params.id,
        details: gone,
        ip: request.ip,
      });
      return reply.code(204).send(null);
    },
  );

  app.get(
    `${NEUTRINO_BASE}/savedHunts/:id/matches`,
    {
      preHandler: read,
      schema: {
        summary: "A saved hunt's matches, newest first (at most 500).",
        security: bearerSecurity,
        params: idParams,
        response: { 200: { type: 'array', items: huntMatchSchema }, ...errors(400, 401, 403, 404) },
      } as const,
    },
    async (request) => listMatches(app.db, request.auth.tenantId, request.params.id),
  );
};
