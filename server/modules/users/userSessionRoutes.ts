import { canWriteUsers, hasUserManagementAccess } from '@common/admin/access';

import { type AuthContext, HttpError } from '../../contracts';
import type { RoutePlugin } from '../../http/routePlugin';
import { bearerSecurity, errors } from '../../schemas';
import { getTenantUser, listUserSessions, revokeUserSession } from './userAdmin';
import { sessionSchema, userIdParams } from './userSchemas';

/** A user's sessions (list, revoke one or all). */
export const userSessionRoutes: RoutePlugin = async (app) => {
  const read = app.authenticate({ allow: hasUserManagementAccess });
  /** Any reader may end their own sessions; ending someone else's needs user write. */
  const ownOrWrite = (auth: AuthContext, userId: string): void => {
    if (auth.userId !== userId && !canWriteUsers(auth.perms))
      throw new HttpError(403, "You cannot end another user's sessions.");
  };

  app.get(
    '/um/users/:id/sessions',
    {
      preHandler: read,
      schema: {
        summary: "A user's live sessions, newest first.",
        security: bearerSecurity,
        params: userIdParams,
        response: {
          200: {
            type: 'object',
            properties: { items: { type: 'array', items: sessionSchema } },
            required: ['items'],
            additionalProperties: false,
          },
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const sessions = await listUserSessions(app.db, app.sessions, request.auth.tenantId, request.params.id);
      return { items: sessions.map((s) => ({ ...s, current: s.id === request.auth.sessionId })) };
    },
  );

  app.delete(
    '/um/users/:id/sessions',
    {
      preHandler: read,
      schema: {
        summary:
          "Ends every session of a user (the caller's own current session is kept). Your own with any user-management permission, anyone's with umg#usr#rw.",
        security: bearerSecurity,
        params: userIdParams,
        response: {
          200: {
            type: 'object',
            properties: { revoked: { type: 'integer' } },
            required: ['revoked'],
            additionalProperties: false,
          },
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const auth = request.auth;
      ownOrWrite(auth, request.params.id);
      const user = await getTenantUser(app.db, auth.tenantId, request.params.id);
      const revoked = await app.sessions.revokeAll(user.id, auth.sessionId);
      await app.audit({
        tenantId: auth.tenantId,
        actorId: auth.userId,
        action: 'user.sessionsRevoke',
        target: user.email,
        details: { userId: user.id, revoked },
        ip: request.ip,
      });
      return { revoked };
    },
  );

  app.delete(
    '/um/users/:id/sessions/:sessionId',
    {
      preHandler: read,
      schema: {
        summary:
          "Ends one session of a user; its tokens stop working at once. Your own with any user-management permission, anyone's with umg#usr#rw.",
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
      const auth = request.auth;
      ownOrWrite(auth, request.params.id);
      await revokeUserSession(app.db, app.sessions, auth.tenantId, request.params.id, request.params.sessionId);
      await app.audit({
        tenantId: auth.tenantId,
        actorId: auth.userId,
        action: 'user.sessionRevoke',
        target: request.params.id,
        details: { sessionId: request.params.sessionId },
        ip: request.ip,
      });
      return reply.code(204).send(null);
    },
  );
};
