import { HttpError } from '../../contracts';
import type { RoutePlugin } from '../../http/routePlugin';
import { captchaField, errors, passwordField, tokenAnswerSchema } from '../../schemas';
import { verifyPassword } from '../../services/passwords';
import { IN_FLIGHT_WAIT_S, ipBudgetOffset } from '../../services/rateLimit';
import { normaliseEmail } from '../../services/users';
import { attemptKey, checkCaptcha, ipBudgetKey, ipBudgetSpent, whileHeld } from './clientGuards';
import { claimFromState, type LockoutSubject, recordSubjectFailure, resetFailures } from './lockout';
import { canSignIn, completeSignIn, MFA_PERMISSION, readPasswordSignIn } from './signIn';
import { signInClient, signInDeps } from './signInContext';

/** One message for unknown user, wrong password, disabled or not yet activated account. */
export const LOGIN_FAILED = 'The username or password is incorrect';

export const loginRoutes: RoutePlugin = async (app) => {
  app.post(
    '/um/login',
    {
      schema: {
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
      // Known and unknown names do the same work: one read (account, lockout counter,
      // IP budget), the lockout decision (+ a claiming update past the free failures), one argon2id
      // verification, and on failure one statement spending the IP budget and counting the failure.
      // The checks of this name and IP still running count as failures in every decision (whileHeld).
      const ipKey = ipBudgetKey(request);
      const email = normaliseEmail(username);
      const signedIn = await whileHeld(
        app,
        [ipKey, attemptKey('password', email)],
        async ([ipEarlier, nameEarlier]) => {
          // Both read right before the counters are: a check that ended before has its failure in them.
          const [ipInFlight, nameInFlight] = [ipEarlier!(), nameEarlier!()];
          // The checks in flight from this IP could spend its whole budget: no need to read it.
          const offset = ipBudgetOffset(app.failureLimiter.limit, ipInFlight);
          if (offset === null) throw ipBudgetSpent(IN_FLIGHT_WAIT_S);
          const { user, lock, ipWait } = await readPasswordSignIn(app.db, username, {
            key: ipKey,
            windowS: app.failureLimiter.windowS,
            offset,
          });
          if (ipWait > 0) throw ipBudgetSpent(ipWait);
          await checkCaptcha(app, request, captchaToken ?? undefined);
          const subject: LockoutSubject = user ? { userId: user.id, counter: 'login' } : { unknownEmail: email };
          await claimFromState(app.db, subject, lock, nameInFlight);
          const passwordOk = await verifyPassword(user?.passwordHash, password);
          if (!passwordOk || !canSignIn(user)) {
            await recordSubjectFailure(app.db, subject, ipKey);
            await app.failureLimiter.prune();
            // Queued, written after the answer (plugins/audit.ts): not part of what an attacker can time.
            if (user)
              void app.audit({ tenantId: user.tenantId, actorId: user.id, action: 'login.failed', ip: request.ip });
            throw new HttpError(401, LOGIN_FAILED);
          }
          if (lock && lock.failures > 0) await resetFailures(app.db, user.id, 'login');
          return user;
        },
      );
      const { passwordHash: _hash, disabled: _disabled, status: _status, passkeyPolicy, ...authUser } = signedIn;
      return completeSignIn(signInDeps(app), signInClient(request), authUser, {
        provider: 'password',
        rememberToken: rememberToken ?? null,
        passkeyPolicy,
      });
    },
  );
};
