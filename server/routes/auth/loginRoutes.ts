import type { FastifyPluginAsync } from 'fastify';
import { HttpError } from '../../contracts';
import { captchaField, errors, passwordField, tokenAnswerSchema } from '../../schemas';
import { claimAttempt, createPhantomLockout, recordFailure, resetFailures } from '../../services/lockout';
import { verifyPassword } from '../../services/passwords';
import { canSignIn, completeSignIn, MFA_PERMISSION } from '../../services/signIn';
import { authUserOf, findUserByEmail, normaliseEmail } from '../../services/users';
import { checkCaptcha, checkIpBudget, spendIpBudget } from './clientGuards';
import { signInClient, signInDeps } from './signInContext';

/** One message for unknown user, wrong password, disabled or not yet activated account. */
export const LOGIN_FAILED = 'The username or password is incorrect';

interface LoginBody {
  username: string;
  password: string;
  rememberToken?: string | null;
  captchaToken?: string | null;
}

export const loginRoutes: FastifyPluginAsync = async (app) => {
  const phantom = createPhantomLockout();
  app.post<{ Body: LoginBody }>(
    '/um/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        description:
          `Answers a session token (mfaRequired false), or for a user with MFA (and no valid rememberToken) a second-factor token (mfaRequired true; typ mfa, perms [${MFA_PERMISSION}]) for /um/mfa/totp/validateCode. ` +
          '401 for unknown user, wrong password or disabled account alike. 429 after repeated failures (progressive lockout, see ARCHITECTURE.md).',
        body: {
          type: 'object',
          required: ['username', 'password'],
          additionalProperties: false,
          properties: {
            username: { type: 'string', minLength: 1, maxLength: 320 },
            password: passwordField,
            rememberToken: { type: ['string', 'null'], maxLength: 200 },
            captchaToken: { ...captchaField, type: ['string', 'null'] },
          },
        },
        response: { 200: tokenAnswerSchema, ...errors(400, 401, 429, 503) },
      },
    },
    async (request) => {
      const { username, password, rememberToken, captchaToken } = request.body;
      checkIpBudget(app, request);
      await checkCaptcha(app, request, captchaToken ?? undefined);
      const user = await findUserByEmail(app.db, username);
      if (user) await claimAttempt(app.db, user.id, 'login');
      else phantom.claim(normaliseEmail(username));
      const passwordOk = await verifyPassword(user?.password_hash, password);
      if (!passwordOk || !canSignIn(user)) {
        spendIpBudget(app, request);
        if (user) {
          await recordFailure(app.db, user.id, 'login');
          await app.audit({ tenantId: user.tenant_id, actorId: user.id, action: 'login.failed', ip: request.ip });
        } else {
          phantom.fail(normaliseEmail(username));
        }
        throw new HttpError(401, LOGIN_FAILED);
      }
      await resetFailures(app.db, user.id, 'login');
      return completeSignIn(signInDeps(app), signInClient(request), authUserOf(user), { provider: 'password', rememberToken: rememberToken ?? null });
    },
  );
};
