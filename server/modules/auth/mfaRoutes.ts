import type { FastifyRequest } from 'fastify';
import QRCode from 'qrcode';

import { type AuthUser, HttpError } from '../../contracts';
import type { RoutePlugin } from '../../http/routePlugin';
import { bearerSecurity, captchaField, errors, passwordField, tokenAnswerSchema, userSchema } from '../../schemas';
import { verifyPassword } from '../../services/passwords';
import { RECOVERY_TOKEN_TTL_S } from '../../services/sessionLimits';
import { claimOnce, wasClaimed } from '../../services/singleUse';
import { findUserById, userView } from '../../services/users';
import { attemptKey, checkCaptcha, checkIpBudget, ipBudgetKey, spendIpBudget, whileHeld } from './clientGuards';
import { claimAttempt, recordFailure, resetFailures } from './lockout';
import { consumeRecoveryCode } from './recoveryCodes';
import { rememberDevice } from './rememberedDevices';
import { acceptTotpCode, normaliseTotpInput } from './secondFactor';
import { canSignIn, startSession } from './signIn';
import { signInClient, signInDeps } from './signInContext';
import { matchTotp, newTotpSecret, otpauthUrl } from './totp';
import { disableTotp, enableTotp, findTotpSecrets, SETUP_NOT_STARTED, startTotpSetup } from './totpSetup';

export const WRONG_TOTP = 'Wrong TOTP code';
export const WRONG_RECOVERY_CODE = 'Wrong TOTP recovery code';
/** Issuer label shown by authenticator apps. */
export const TOTP_ISSUER = 'MTD Console';
const STEP_ALREADY_DONE = 'This sign-in step was already completed; sign in again';
/** A tenant that requires a phishing-resistant method takes no TOTP code from a user who has a passkey. */
export const PASSKEY_STEP_REQUIRED = 'Your organisation requires your passkey for this step.';
const MFA_NOT_ENABLED = 'Two-factor authentication is not enabled for this account';

const codeField = { type: ['string', 'integer'], maxLength: 32, description: 'Six digits (string or number)' } as const;
const userAnswer = {
  type: 'object',
  additionalProperties: false,
  required: ['user'],
  properties: { user: userSchema },
} as const;

/** The verified mfa token's id; every token we sign has one. */
function mfaTokenId(request: FastifyRequest): string {
  const { jti } = request.auth.claims;
  if (typeof jti !== 'string') throw new HttpError(401, 'Invalid token');
  return jti;
}

export const mfaRoutes: RoutePlugin = async (app) => {
  /** Marks the mfa token used: a second-factor token opens at most one session. */
  async function consumeMfaToken(request: FastifyRequest): Promise<void> {
    const { exp } = request.auth.claims;
    if (!(await claimOnce(app.db, 'mfa', mfaTokenId(request), new Date(exp * 1000))))
      throw new HttpError(401, STEP_ALREADY_DONE);
  }

  /** The second step's user as authentication read it (active, enabled), with MFA on and the token unused. */
  async function mfaUser(request: FastifyRequest): Promise<AuthUser> {
    // Already used: refuse before spending a code of the user.
    if (await wasClaimed(app.db, 'mfa', mfaTokenId(request))) throw new HttpError(401, STEP_ALREADY_DONE);
    const user = request.auth.user;
    if (!user) throw new HttpError(401, 'Session expired');
    if (!user.totpEnabled) throw new HttpError(401, MFA_NOT_ENABLED);
    return user;
  }

  async function failSecondFactor(
    request: FastifyRequest,
    user: Pick<AuthUser, 'id' | 'tenantId'>,
    message: string,
  ): Promise<never> {
    await spendIpBudget(app, request);
    await recordFailure(app.db, user.id, 'mfa');
    await app.audit({ tenantId: user.tenantId, actorId: user.id, action: 'mfa.failed', ip: request.ip });
    throw new HttpError(400, message);
  }

  /** The sign-in provider the mfa token remembers (prov, pdata), for the session it opens. */
  function provider(request: FastifyRequest): { provider: string; providerData?: unknown } {
    const { prov, pdata } = request.auth.claims;
    return {
      provider: typeof prov === 'string' ? prov : 'password',
      ...(pdata === undefined ? {} : { providerData: pdata }),
    };
  }

  app.post(
    '/um/mfa/totp/validateCode',
    {
      preHandler: app.authenticate({ typ: 'mfa' }),
      schema: {
        summary: 'Second sign-in step with a TOTP code',
        description:
          'Bearer: the mfa token of /um/login or /um/oauth2Login. Each code is accepted once (±1 step of 30 s). With remember=true the answer carries a rememberToken (30 days) that skips this step on the next login. ' +
          `Wrong code: 400 "${WRONG_TOTP}".`,
        security: bearerSecurity,
        body: {
          type: 'object',
          required: ['totpCode'],
          additionalProperties: false,
          properties: {
            totpCode: codeField,
            remember: { type: 'boolean' },
            captchaToken: { ...captchaField, type: ['string', 'null'] },
            username: { type: 'string', maxLength: 320 },
            email: { type: 'string', maxLength: 320 },
          },
        },
        response: { 200: tokenAnswerSchema, ...errors(400, 401, 403, 429, 503) },
      },
    },
    async (request) => {
      const { totpCode, remember, captchaToken } = request.body;
      const user = await whileHeld(
        app,
        [ipBudgetKey(request), attemptKey('mfa', request.auth.userId)],
        async ([ipInFlight, mine]) => {
          await checkIpBudget(app, request, ipInFlight);
          await checkCaptcha(app, request, captchaToken ?? undefined);
          const checked = await mfaUser(request);
          const { mf } = request.auth.claims;
          if (Array.isArray(mf) && !mf.includes('totp')) throw new HttpError(403, PASSKEY_STEP_REQUIRED);
          const { secret } = await findTotpSecrets(app.db, checked.id);
          if (!secret) throw new HttpError(401, MFA_NOT_ENABLED);
          await claimAttempt(app.db, checked.id, 'mfa', mine);
          if (!(await acceptTotpCode(app.db, { id: checked.id, totp_secret: secret }, normaliseTotpInput(totpCode))))
            return failSecondFactor(request, checked, WRONG_TOTP);
          return checked;
        },
      );
      await resetFailures(app.db, user.id, 'mfa');
      await consumeMfaToken(request);
      const answer = await startSession(signInDeps(app), signInClient(request), user, provider(request));
      if (remember === true) return { ...answer, rememberToken: await rememberDevice(app.db, user.id) };
      return answer;
    },
  );

  app.post(
    '/um/mfa/totp/validateRecoveryCode',
    {
      preHandler: app.authenticate({ typ: 'mfa' }),
      schema: {
        summary: 'Second sign-in step with a recovery code',
        description: `Bearer: the mfa token. Each recovery code works once; dashes and spaces are ignored. Wrong or used code: 400 "${WRONG_RECOVERY_CODE}".`,
        security: bearerSecurity,
        body: {
          type: 'object',
          required: ['totpRecoveryCode'],
          additionalProperties: false,
          properties: {
            totpRecoveryCode: { type: ['string', 'integer'], maxLength: 64 },
            captchaToken: { ...captchaField, type: ['string', 'null'] },
            username: { type: 'string', maxLength: 320 },
            email: { type: 'string', maxLength: 320 },
          },
        },
        response: { 200: tokenAnswerSchema, ...errors(400, 401, 429, 503) },
      },
    },
    async (request) => {
      const { totpRecoveryCode, captchaToken } = request.body;
      const user = await whileHeld(
        app,
        [ipBudgetKey(request), attemptKey('mfa', request.auth.userId)],
        async ([ipInFlight, mine]) => {
          await checkIpBudget(app, request, ipInFlight);
          await checkCaptcha(app, request, captchaToken ?? undefined);
          const checked = await mfaUser(request);
          await claimAttempt(app.db, checked.id, 'mfa', mine);
          if (!(await consumeRecoveryCode(app.db, app.tokens, checked.id, String(totpRecoveryCode))))
            return failSecondFactor(request, checked, WRONG_RECOVERY_CODE);
          return checked;
        },
      );
      await resetFailures(app.db, user.id, 'mfa');
      await consumeMfaToken(request);
      await app.audit({ tenantId: user.tenantId, actorId: user.id, action: 'mfa.recovery-code-used', ip: request.ip });
      return startSession(signInDeps(app), signInClient(request), user, provider(request));
    },
  );

  app.post(
    '/um/mfa/validatePassword',
    {
      preHandler: app.authenticate(),
      schema: {
        summary: 'Re-validate the password before changing two-factor settings',
        description:
          'Bearer: access token. Answers a recovery token (typ recovery, 10 min, bound to the session) for /um/mfa/totp/*. Wrong password: 400 (lockout as for login).',
        security: bearerSecurity,
        body: {
          type: 'object',
          required: ['password'],
          additionalProperties: false,
          properties: { password: passwordField, captchaToken: { ...captchaField, type: ['string', 'null'] } },
        },
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['token'],
            properties: { token: { type: 'string' } },
          },
          ...errors(400, 401, 429, 503),
        },
      },
    },
    async (request) => {
      const auth = request.auth;
      const user = await whileHeld(app, [ipBudgetKey(request)], async ([ipInFlight]) => {
        await checkIpBudget(app, request, ipInFlight);
        await checkCaptcha(app, request, request.body.captchaToken ?? undefined);
        const found = await findUserById(app.db, auth.userId);
        if (!canSignIn(found)) throw new HttpError(401, 'Session expired');
        // The password counter is the sign-in's: held under the same key as POST /um/login's.
        return whileHeld(app, [attemptKey('password', found.email)], async ([mine]) => {
          await claimAttempt(app.db, found.id, 'login', mine);
          if (!(await verifyPassword(found.password_hash, request.body.password))) {
            await spendIpBudget(app, request);
            await recordFailure(app.db, found.id, 'login');
            throw new HttpError(400, 'The password is incorrect');
          }
          return found;
        });
      });
      await resetFailures(app.db, user.id, 'login');
      const token = await app.tokens.sign(
        'recovery',
        { sub: user.id, tenant: user.tenant_id, sid: auth.sessionId, perms: [] },
        RECOVERY_TOKEN_TTL_S,
      );
      return { token };
    },
  );

  const recovery = app.authenticate({ typ: 'recovery' });

  /** The recovery token's user as authentication read it (session live, user active and enabled). */
  function recoveryUser(request: FastifyRequest): AuthUser {
    const user = request.auth.user;
    if (!user) throw new HttpError(401, 'Session expired');
    return user;
  }

  /** The pending set-up's secret; 404 when set-up was not started. */
  async function pendingSecret(userId: string): Promise<string> {
    const { pendingSecret: pending } = await findTotpSecrets(app.db, userId);
    if (!pending) throw new HttpError(404, SETUP_NOT_STARTED);
    return pending;
  }

  app.put(
    '/um/mfa/totp/create',
    {
      preHandler: recovery,
      schema: {
        summary: 'Start two-factor set-up',
        description:
          'Bearer: recovery token. New 160-bit secret and 10 recovery codes (shown once, stored hashed); both take effect at verifyQr.',
        security: bearerSecurity,
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['secret', 'otpauthUrl', 'recoveryCodes'],
            properties: {
              secret: { type: 'string' },
              otpauthUrl: { type: 'string' },
              recoveryCodes: { type: 'array', items: { type: 'string' } },
            },
          },
          ...errors(401),
        },
      },
    },
    async (request) => {
      const user = recoveryUser(request);
      const secret = newTotpSecret();
      const recoveryCodes = await startTotpSetup(app.db, app.tokens, user.id, secret);
      return { secret, otpauthUrl: otpauthUrl(secret, user.email, TOTP_ISSUER), recoveryCodes };
    },
  );

  app.get(
    '/um/mfa/totp/qr',
    {
      preHandler: recovery,
      schema: {
        summary: 'QR code (PNG) of the pending set-up',
        security: bearerSecurity,
        produces: ['image/png'],
        response: { 200: { type: 'string', format: 'binary', description: 'image/png' }, ...errors(401, 404) },
      },
    },
    async (request, reply) => {
      const user = recoveryUser(request);
      const pending = await pendingSecret(user.id);
      const png = await QRCode.toBuffer(otpauthUrl(pending, user.email, TOTP_ISSUER), {
        type: 'png',
        errorCorrectionLevel: 'M',
        margin: 2,
        width: 256,
      });
      // The schema documents the PNG as a binary string (OpenAPI), which types the reply as string;
      // Fastify sends the Buffer's bytes as they are.
      return reply
        .type('image/png')
        .header('Cache-Control', 'no-store')
        .send(png as unknown as string);
    },
  );

  app.post(
    '/um/mfa/totp/verifyQr',
    {
      preHandler: recovery,
      schema: {
        summary: 'Finish two-factor set-up with a code from the app',
        description: `Bearer: recovery token. Turns MFA on with the pending secret and recovery codes. Wrong code: 400 "${WRONG_TOTP}".`,
        security: bearerSecurity,
        body: {
          type: 'object',
          required: ['totpCode'],
          additionalProperties: false,
          properties: { totpCode: codeField },
        },
        response: { 200: userAnswer, ...errors(400, 401, 404, 429) },
      },
    },
    async (request) => {
      const user = recoveryUser(request);
      const { step, pending } = await whileHeld(
        app,
        [ipBudgetKey(request), attemptKey('mfa', user.id)],
        async ([ipInFlight, mine]) => {
          await checkIpBudget(app, request, ipInFlight);
          const secret = await pendingSecret(user.id);
          await claimAttempt(app.db, user.id, 'mfa', mine);
          const matched = matchTotp(secret, normaliseTotpInput(request.body.totpCode));
          if (matched === null) return failSecondFactor(request, user, WRONG_TOTP);
          return { step: matched, pending: secret };
        },
      );
      const updated = await enableTotp(app.db, user.id, step, pending);
      await app.audit({
        tenantId: user.tenantId,
        actorId: user.id,
        action: 'mfa.enable',
        target: user.id,
        ip: request.ip,
      });
      return { user: userView(updated) };
    },
  );

  app.delete(
    '/um/mfa/totp',
    {
      preHandler: recovery,
      schema: {
        summary: 'Turn two-factor authentication off',
        description: 'Bearer: recovery token. Removes the secret, recovery codes and remembered devices.',
        security: bearerSecurity,
        response: { 200: userAnswer, ...errors(401) },
      },
    },
    async (request) => {
      const user = recoveryUser(request);
      const updated = await disableTotp(app.db, user.id);
      await app.audit({
        tenantId: user.tenantId,
        actorId: user.id,
        action: 'mfa.disable',
        target: user.id,
        ip: request.ip,
      });
      return { user: userView(updated) };
    },
  );
};
