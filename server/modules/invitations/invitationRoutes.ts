import { HttpError } from '../../contracts';
import type { RoutePlugin } from '../../http/routePlugin';
import { errors, userSchema } from '../../schemas';
import { hashPassword, passwordProblem } from '../../services/passwords';
import { userView } from '../../services/users';
import {
  acceptInvitationWithPassword,
  assertInvitationOpen,
  findInvitation,
  INVITATION_EXPIRED,
  INVITATION_NOT_FOUND,
  INVITATION_USED,
  invitationAllows,
  invitationExpired,
} from './invitations';

export { INVITATION_NOT_FOUND } from './invitations';

const tokenParam = {
  type: 'object',
  required: ['token'],
  additionalProperties: false,
  properties: { token: { type: 'string', maxLength: 200 } },
} as const;

export const invitationRoutes: RoutePlugin = async (app) => {
  app.get(
    '/um/invite/:token',
    {
      schema: {
        summary: 'Read an invitation',
        description: `Public. expired is true for an expired or already accepted invitation. Unknown: 404 "${INVITATION_NOT_FOUND}".`,
        params: tokenParam,
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['username', 'expired', 'allowedLoginMethods'],
            properties: {
              username: { type: 'string' },
              expired: { type: 'boolean' },
              accepted: {
                type: 'boolean',
                description:
                  'true once the invitation was accepted (the account is active): the page offers to sign in instead of calling the link expired',
              },
              allowedLoginMethods: { type: 'array', items: { type: 'string' } },
            },
          },
          ...errors(404),
        },
      },
    },
    async (request) => {
      const inv = await findInvitation(app.db, request.params.token);
      if (!inv) throw new HttpError(404, INVITATION_NOT_FOUND);
      return {
        username: inv.email,
        expired: invitationExpired(inv),
        accepted: inv.used_at !== null,
        allowedLoginMethods: inv.allowed_login_methods,
      };
    },
  );

  app.post(
    '/um/invite/:token/setPassword',
    {
      schema: {
        summary: 'Accept an invitation with a password',
        description:
          "Public, single use. Activates the invited user with the invitation's permissions and the password (8 to 1024 characters); the console then signs in with /um/login. " +
          `404 unknown, 410 "${INVITATION_USED}" (single use) or "${INVITATION_EXPIRED}", 403 when the invitation allows only identity-provider sign-in.`,
        params: tokenParam,
        body: {
          type: 'object',
          required: ['newPassword'],
          additionalProperties: false,
          properties: { newPassword: { type: 'string', maxLength: 1024 } },
        },
        response: {
          200: { type: 'object', additionalProperties: false, required: ['user'], properties: { user: userSchema } },
          ...errors(400, 403, 404, 410),
        },
      },
    },
    async (request) => {
      const { newPassword } = request.body;
      const probe = await findInvitation(app.db, request.params.token);
      assertInvitationOpen(probe);
      if (!invitationAllows(probe, 'password'))
        throw new HttpError(
          403,
          `This invitation requires signing in with ${probe.allowed_login_methods[0] ?? 'an identity provider'}`,
        );
      const problem = passwordProblem(newPassword, probe.email);
      if (problem) throw new HttpError(400, problem);
      const hash = await hashPassword(newPassword);
      const user = await acceptInvitationWithPassword(app.db, request.params.token, hash);
      await app.audit({
        tenantId: user.tenant_id,
        actorId: user.id,
        action: 'invitation.accepted',
        target: user.id,
        details: { method: 'password' },
        ip: request.ip,
      });
      return { user: userView(user) };
    },
  );
};
