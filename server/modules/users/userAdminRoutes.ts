import type { FastifyRequest } from 'fastify';

import { canWriteUsers, hasUserManagementAccess } from '@common/admin/access';
import { notCovered } from '@common/permissions/grants';
import { permissionName } from '@common/permissions/permissionNames';

import { type AuthContext, HttpError } from '../../contracts';
import type { RoutePlugin } from '../../http/routePlugin';
import { bearerSecurity, errors } from '../../schemas';
import { tenantTimeZone } from '../../services/tenants';
import { ALL_PERMISSIONS } from '../../services/users';
import { type CreatedInvitation, invitationMail, invitationUrl } from '../invitations/public';
import {
  deleteTenantUser,
  getTenantUser,
  inviteTenantUser,
  listTenantUsers,
  resendInvitation,
  resetUserMfa,
  revokeInvitation,
  setUserDisabled,
  setUserPermissions,
} from './userAdmin';
import {
  adminUserSchema,
  type AdminUserView,
  invitationAnswerSchema,
  LOGIN_METHODS,
  permissionsField,
  userIdParams,
  userListQuery,
} from './userSchemas';

/**
 * Granting a permission the caller does not hold would let any user admin escalate. "Holds" is
 * by mode (the one rule the permission editor shows too): rw covers r, w and rw.
 */
function assertGrantable(auth: AuthContext, permissions: readonly string[]): void {
  const notHeld = notCovered(auth.perms, permissions);
  // In words, as the permission editor names them (the names hold commas, hence "; "); the code in parentheses for API users.
  if (notHeld.length > 0)
    throw new HttpError(
      403,
      `You cannot grant permissions you do not hold: ${notHeld.map((p) => `${permissionName(p)} (${p})`).join('; ')}`,
    );
}

function assertNotSelf(auth: AuthContext, userId: string, what: string): void {
  if (auth.userId === userId) throw new HttpError(400, `You cannot ${what} your own account.`);
}

const audit = (request: FastifyRequest, action: string, target: string, details?: Record<string, unknown>) =>
  request.server.audit({
    tenantId: request.auth.tenantId,
    actorId: request.auth.userId,
    action,
    target,
    details,
    ip: request.ip,
  });

/**
 * User management of the caller's tenant: any umg#usr# permission (or gluon admin) reads,
 * umg#usr#rw writes. Users of other tenants answer 404 like missing ones.
 */
export const userAdminRoutes: RoutePlugin = async (app) => {
  const read = app.authenticate({ allow: hasUserManagementAccess });
  const write = app.authenticate({ allow: canWriteUsers });

  /** Mails the invitation link and answers it too (the administrator can pass it on where mail does not reach). */
  async function sendInvitation(request: FastifyRequest, user: AdminUserView, created: CreatedInvitation) {
    const link = invitationUrl(app.config.publicUrl, created.token);
    await app.mailer.send(
      request.auth.tenantId,
      invitationMail({
        to: user.email,
        link,
        expiresAt: created.expiresAt,
        invitedBy: request.auth.user?.email ?? null,
        zone: await tenantTimeZone(app.db, request.auth.tenantId),
      }),
    );
    return { user, invitationExpiresAt: created.expiresAt.toISOString(), invitationUrl: link };
  }

  app.get(
    '/um/permissions',
    {
      preHandler: read,
      schema: {
        summary:
          "Every permission the console's products declare, each in its widest mode (module#resource#mode): the permission editor's grid. Holding m#res#rw covers m#res#r, m#res#w and m#res#rw when granting.",
        security: bearerSecurity,
        response: {
          200: {
            type: 'object',
            properties: { items: { type: 'array', items: { type: 'string' } } },
            required: ['items'],
            additionalProperties: false,
          },
          ...errors(401, 403),
        },
      },
    },
    async () => ({ items: [...ALL_PERMISSIONS] }),
  );

  app.get(
    '/um/users',
    {
      preHandler: read,
      schema: {
        summary:
          "One page of the tenant's users (by e-mail unless sort says otherwise); search matches part of the e-mail.",
        security: bearerSecurity,
        querystring: userListQuery,
        response: {
          200: {
            type: 'object',
            properties: {
              items: { type: 'array', items: adminUserSchema },
              total: { type: 'integer' },
              page: { type: 'integer' },
              size: { type: 'integer' },
            },
            required: ['items', 'total', 'page', 'size'],
            additionalProperties: false,
          },
          ...errors(400, 401, 403),
        },
      },
    },
    async (request) => {
      const { page, size, search, sort, order } = request.query;
      return {
        ...(await listTenantUsers(app.db, request.auth.tenantId, { page, size, search, sort, order })),
        page,
        size,
      };
    },
  );

  app.get(
    '/um/users/:id',
    {
      preHandler: read,
      schema: {
        summary: 'One user of the tenant.',
        security: bearerSecurity,
        params: userIdParams,
        response: { 200: adminUserSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => getTenantUser(app.db, request.auth.tenantId, request.params.id),
  );

  app.post(
    '/um/users/invitations',
    {
      preHandler: write,
      schema: {
        summary:
          'Invites a user: creates them (status invited) and mails a single-use link ${PUBLIC_URL}/invite/{token} valid 7 days (token ≥256 bits, stored hashed). Inviting a still-invited user again replaces the old link. 409 for an existing user.',
        security: bearerSecurity,
        body: {
          type: 'object',
          properties: {
            email: { type: 'string', format: 'email', maxLength: 254 },
            permissions: permissionsField,
            allowedLoginMethods: {
              type: 'array',
              items: { type: 'string', enum: [...LOGIN_METHODS] },
              uniqueItems: true,
              minItems: 1,
              maxItems: 4,
              default: ['password'],
            },
          },
          required: ['email', 'permissions'],
          additionalProperties: false,
        },
        response: { 201: invitationAnswerSchema, ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const auth = request.auth;
      const { email, permissions, allowedLoginMethods } = request.body;
      assertGrantable(auth, permissions);
      const { user, created } = await inviteTenantUser(app.db, {
        tenantId: auth.tenantId,
        email,
        permissions,
        allowedLoginMethods,
        invitedBy: auth.userId,
      });
      const answer = await sendInvitation(request, user, created);
      await audit(request, 'user.invite', user.email, { userId: user.id, permissions, allowedLoginMethods });
      return reply.code(201).send(answer);
    },
  );

  app.post(
    '/um/users/:id/invitation',
    {
      preHandler: write,
      schema: {
        summary:
          'Resends a pending invitation: a new single-use link (7 days) is mailed and answered; the earlier link stops working. 409 once accepted.',
        security: bearerSecurity,
        params: userIdParams,
        response: { 201: invitationAnswerSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const auth = request.auth;
      const pending = await getTenantUser(app.db, auth.tenantId, request.params.id);
      // A resend grants the invitation's permissions again: the same rule as inviting.
      assertGrantable(auth, pending.permissions);
      const { user, created } = await resendInvitation(app.db, pending, auth.tenantId, auth.userId);
      const answer = await sendInvitation(request, user, created);
      await audit(request, 'user.inviteResend', user.email, { userId: user.id });
      return reply.code(201).send(answer);
    },
  );

  app.delete(
    '/um/users/:id/invitation',
    {
      preHandler: write,
      schema: {
        summary:
          'Revokes a pending invitation: its links stop working and the invited user is removed. 409 once accepted.',
        security: bearerSecurity,
        params: userIdParams,
        response: { 204: { type: 'null', description: 'Revoked' }, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const user = await revokeInvitation(app.db, request.auth.tenantId, request.params.id);
      await audit(request, 'user.inviteRevoke', user.email, { userId: user.id });
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/um/users/:id/permissions',
    {
      preHandler: write,
      schema: {
        summary:
          "Replaces a user's permissions and ends their other sessions so the change applies at once (tokens carry perms). Only permissions the caller holds can be granted.",
        security: bearerSecurity,
        params: userIdParams,
        body: {
          type: 'object',
          properties: { permissions: permissionsField },
          required: ['permissions'],
          additionalProperties: false,
        },
        response: { 200: adminUserSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = request.auth;
      const { permissions } = request.body;
      assertGrantable(auth, permissions);
      if (auth.userId === request.params.id && !permissions.includes('umg#usr#rw')) {
        throw new HttpError(400, 'You cannot remove your own user-management permission.');
      }
      const before = await getTenantUser(app.db, auth.tenantId, request.params.id);
      const user = await setUserPermissions(app.db, auth.tenantId, request.params.id, permissions);
      await app.sessions.revokeAll(user.id, auth.sessionId);
      await audit(request, 'user.permissions', user.email, {
        userId: user.id,
        before: before.permissions,
        after: user.permissions,
      });
      return user;
    },
  );

  for (const [action, disabled] of [
    ['disable', true],
    ['enable', false],
  ] as const) {
    app.post(
      `/um/users/:id/${action}`,
      {
        preHandler: write,
        schema: {
          summary: disabled
            ? 'Disables a user and ends all their sessions (their tokens stop working at once).'
            : 'Enables a disabled user.',
          security: bearerSecurity,
          params: userIdParams,
          response: { 200: adminUserSchema, ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const auth = request.auth;
        if (disabled) assertNotSelf(auth, request.params.id, 'disable');
        const user = await setUserDisabled(app.db, auth.tenantId, request.params.id, disabled);
        if (disabled) await app.sessions.revokeAll(user.id);
        await audit(request, `user.${action}`, user.email, { userId: user.id });
        return user;
      },
    );
  }

  app.delete(
    '/um/users/:id/mfa',
    {
      preHandler: write,
      schema: {
        summary:
          "Resets a user's MFA: secret, recovery codes and remembered devices are removed; they sign in with the password alone and can set MFA up again.",
        security: bearerSecurity,
        params: userIdParams,
        response: { 200: adminUserSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = request.auth;
      const user = await resetUserMfa(app.db, auth.tenantId, request.params.id);
      await audit(request, 'user.mfaReset', user.email, { userId: user.id });
      return user;
    },
  );

  app.delete(
    '/um/users/:id',
    {
      preHandler: write,
      schema: {
        summary: 'Deletes a user with their sessions, identities and invitations. Not yourself.',
        security: bearerSecurity,
        params: userIdParams,
        response: { 204: { type: 'null', description: 'Deleted' }, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const auth = request.auth;
      assertNotSelf(auth, request.params.id, 'delete');
      const user = await deleteTenantUser(app.db, auth.tenantId, request.params.id);
      await audit(request, 'user.delete', user.email, { userId: user.id });
      return reply.code(204).send(null);
    },
  );
};
