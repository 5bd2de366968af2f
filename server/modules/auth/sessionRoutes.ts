import { HttpError } from '../../contracts';
import type { RoutePlugin } from '../../http/routePlugin';
import { bearerSecurity, errors, passwordField, tokenAnswerSchema, userSchema } from '../../schemas';
import { hashPassword, passwordProblem, verifyPassword } from '../../services/passwords';
import { signAccessToken } from '../../services/sessions';
import { findUserById, userView } from '../../services/users';
import { changePassword } from './changePassword';
import { attemptKey, checkIpBudget, ipBudgetKey, spendIpBudget, whileHeld } from './clientGuards';
import { claimAttempt, recordFailure, resetFailures } from './lockout';
import { signInAnswer } from './signIn';

export const sessionRoutes: RoutePlugin = async (app) => {
  app.get(
    '/um/refresh',
    {
      // The live check, the "seen" mark and the user read are one statement (app.sessions.touch).
      preHandler: app.authenticate({ touch: true }),
      schema: {
        summary: 'New access token for the current session',
        description:
          'Rotates the access token (10 min) within the session limits: 30 min idle, 12 h absolute. Permissions are read again from the user.',
        security: bearerSecurity,
        response: { 200: tokenAnswerSchema, ...errors(401) },
      },
    },
    async (request) => {
      const { user, session } = request.auth;
      if (!user || !session) throw new HttpError(401, 'Session expired');
      const token = await signAccessToken(app.tokens, {
        userId: user.id,
        tenantId: user.tenantId,
        sessionId: session.id,
        perms: user.permissions,
        sessionExpiresAt: session.expiresAt,
      });
      return signInAnswer(token, user, false);
    },
  );

  app.get(
    '/um/logout',
    {
      preHandler: app.authenticate(),
      schema: {
        summary: 'End the current session',
        description:
          'Revokes the session server-side (the token gets 401 everywhere). For a session started through the vendor IdP the answer carries its end-session URL.',
        security: bearerSecurity,
        response: {
          200: { type: 'object', additionalProperties: false, properties: { logoutUrl: { type: 'string' } } },
          ...errors(401),
        },
      },
    },
    async (request) => {
      const auth = request.auth;
      const session = await app.sessions.revoke(auth.sessionId);
      await app.audit({
        tenantId: auth.tenantId,
        actorId: auth.userId,
        action: 'logout',
        target: auth.sessionId,
        ip: request.ip,
      });
      const provider = session ? app.logoutUrlProviders.get(session.provider) : undefined;
      if (!session || !provider) return {};
      try {
        const logoutUrl = await provider({
          id: session.id,
          userId: session.userId,
          tenantId: session.tenantId,
          providerData: session.providerData,
        });
        return logoutUrl ? { logoutUrl } : {};
      } catch (error) {
        request.log.warn({ err: error }, 'no end-session URL from the identity provider');
        return {};
      }
    },
  );

  app.post(
    '/um/password',
    {
      preHandler: app.authenticate(),
      schema: {
        summary: 'Change the own password',
        description:
          'Checks the current password (lockout as for login), sets the new one (8 to 1024 characters) and ends every other session of the user.',
        security: bearerSecurity,
        body: {
          type: 'object',
          required: ['oldPassword', 'newPassword'],
          additionalProperties: false,
          properties: { oldPassword: passwordField, newPassword: { type: 'string', maxLength: 1024 } },
        },
        response: {
          200: { type: 'object', additionalProperties: false, required: ['user'], properties: { user: userSchema } },
          ...errors(400, 401, 429),
        },
      },
    },
    async (request) => {
      const auth = request.auth;
      const { oldPassword, newPassword } = request.body;
      const user = await whileHeld(app, [ipBudgetKey(request)], async ([ipInFlight]) => {
        await checkIpBudget(app, request, ipInFlight);
        const found = await findUserById(app.db, auth.userId);
        if (!found) throw new HttpError(401, 'Session expired');
        // The sign-in's password counter, held under the same key as POST /um/login's.
        return whileHeld(app, [attemptKey('password', found.email)], async ([mine]) => {
          await claimAttempt(app.db, found.id, 'login', mine);
          if (!(await verifyPassword(found.password_hash, oldPassword))) {
            await spendIpBudget(app, request);
            await recordFailure(app.db, found.id, 'login');
            throw new HttpError(400, 'The current password is incorrect');
          }
          return found;
        });
      });
      await resetFailures(app.db, user.id, 'login');
      const problem = passwordProblem(newPassword, user.email);
      if (problem) throw new HttpError(400, problem);
      const hash = await hashPassword(newPassword);
      await changePassword(app.db, user.id, hash, auth.sessionId);
      await app.audit({
        tenantId: user.tenant_id,
        actorId: user.id,
        action: 'password.change',
        target: user.id,
        ip: request.ip,
      });
      return { user: userView(user) };
    },
  );
};
