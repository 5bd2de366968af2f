import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { HttpError } from '../../contracts';
import { bearerSecurity, errors } from '../../schemas';
import { canReadUsers, canWriteUsers } from '../../services/accessChecks';
import { getTenantUser, listUserSessions, revokeUserSession } from './userAdmin';
import { sessionSchema, userIdParams } from './userSchemas';

/** A user's sessions (list, revoke one or all). */
export const userSessionRoutes: FastifyPluginAsync = async (app) => {
  const read = app.authenticate({ allow: canReadUsers });
  /** Any reader may end their own sessions; ending someone else's needs user write. */
  const ownOrWrite = (request: FastifyRequest<{ Params: { id: string } }>): void => {
    const auth = request.auth!;
    if (auth.userId !== request.params.id && !canWriteUsers(auth.perms)) throw new HttpError(403, "You cannot end another user's sessions.");
  };

  app.get<{ Params: { id: string } }>(
    '/um/users/:id/sessions',
    {
      preHandler: read,
      schema: {
        tags: ['user management'],
        summary: "A user's live sessions, newest first.",
        security: bearerSecurity,
        params: userIdParams,
        response: {
          200: { type: 'object', properties: { items: { type: 'array', items: sessionSchema } }, required: ['items'], additionalProperties: false },
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const sessions = await listUserSessions(app.db, app.sessions, request.auth!.tenantId, request.params.id);
      return { items: sessions.map((s) => ({ ...s, current: s.id === request.auth!.sessionId })) };
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/um/users/:id/sessions',
    {
      preHandler: read,
      schema: {
        tags: ['user management'],
        summary: "Ends every session of a user (the caller's own current session is kept). Your own with any user-management permission, anyone's with umg#usr#rw.",
        security: bearerSecurity,
        params: userIdParams,
        response: {
          200: { type: 'object', properties: { revoked: { type: 'integer' } }, required: ['revoked'], additionalProperties: false },
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      ownOrWrite(request);
      const auth = request.auth!;
      const user = await getTenantUser(app.db, auth.tenantId, request.params.id);
      const revoked = await app.sessions.revokeAll(user.id, auth.sessionId);
      await app.audit({ tenantId: auth.tenantId, actorId: auth.userId, action: 'user.sessionsRevoke', target: user.email, details: { userId: user.id, revoked }, ip: request.ip });
      return { revoked };
    },
  );

  app.delete<{ Params: { id: string; sessionId: string } }>(
    '/um/users/:id/sessions/:sessionId',
    {
      preHandler: read,
      schema: {
        tags: ['user management'],
        summary: 'Ends one session of a user; its tokens stop working at once. Your own with any user-management permission, anyone\'s with umg#usr#rw.',
        security: bearerSecurity,
        params: {
          type: 'object',
          properties: { id: { type: 'string', format: 'uuid' }, sessionId: { type: 'string', format: 'uuid' } },
          required: ['id', 'sessionId'],
          additionalProperties: false,
        },
        response: { 204: { type: 'null', description: 'Ended' }, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      ownOrWrite(request);
      const auth = request.auth!;
      await revokeUserSession(app.db, app.sessions, auth.tenantId, request.params.id, request.params.sessionId);
      await app.audit({ tenantId: auth.tenantId, actorId: auth.userId, action: 'user.sessionRevoke', target: request.params.id, details: { sessionId: request.params.sessionId }, ip: request.ip });
      return reply.code(204).send();
    },
  );
};
