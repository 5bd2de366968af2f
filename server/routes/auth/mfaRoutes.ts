import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { HttpError } from '../../contracts';
import { bearerSecurity, captchaField, errors, passwordField, tokenAnswerSchema, userSchema } from '../../schemas';
import { claimAttempt, recordFailure, resetFailures } from '../../services/lockout';
import { verifyPassword } from '../../services/passwords';
import { activatePendingRecoveryCodes, consumeRecoveryCode, createPendingRecoveryCodes, deleteRecoveryCodes } from '../../services/recoveryCodes';
import { forgetDevices, rememberDevice } from '../../services/rememberedDevices';
import { acceptTotpCode, normaliseTotpInput } from '../../services/secondFactor';
import { RECOVERY_TOKEN_TTL_S } from '../../services/sessionLimits';
import { canSignIn, startSession } from '../../services/signIn';
import { matchTotp, newTotpSecret, otpauthUrl } from '../../services/totp';
import { findUserById, userView, type UserRow } from '../../services/users';
import { checkCaptcha, checkIpBudget, spendIpBudget } from './clientGuards';

export const WRONG_TOTP = 'Wrong TOTP code';
export const WRONG_RECOVERY_CODE = 'Wrong TOTP recovery code';
/** Issuer label shown by authenticator apps. */
export const TOTP_ISSUER = 'MTD Console';

const codeField = { type: ['string', 'integer'], maxLength: 32, description: 'Six digits (string or number)' } as const;
const userAnswer = { type: 'object', additionalProperties: false, required: ['user'], properties: { user: userSchema } } as const;

export const mfaRoutes: FastifyPluginAsync = async (app) => {
  /** Marks the mfa token used: a second-factor token opens at most one session. */
  async function consumeMfaToken(request: FastifyRequest): Promise<void> {
    const claims = await app.tokens.verify<{ jti?: string; exp: number }>(request.auth!.token, 'mfa');
    if (typeof claims.jti !== 'string') throw new HttpError(401, 'Invalid token');
    const rows = await app.db.query('INSERT INTO used_nonces (nonce, expires_at) VALUES ($1, to_timestamp($2)) ON CONFLICT DO NOTHING RETURNING nonce', [
      `mfa:${claims.jti}`,
      claims.exp,
    ]);
    if (rows.length === 0) throw new HttpError(401, 'This sign-in step was already completed; sign in again');
  }

  async function mfaUser(request: FastifyRequest): Promise<UserRow & { totp_secret: string }> {
    const { jti } = await app.tokens.verify<{ jti?: string }>(request.auth!.token, 'mfa');
    // Already used: refuse before spending a code of the user.
    if ((await app.db.query('SELECT 1 FROM used_nonces WHERE nonce = $1', [`mfa:${jti}`])).length > 0) {
      throw new HttpError(401, 'This sign-in step was already completed; sign in again');
    }
    const user = await findUserById(app.db, request.auth!.userId);
    if (!canSignIn(user)) throw new HttpError(401, 'Session expired');
    if (!user.totp_enabled || !user.totp_secret) throw new HttpError(401, 'Two-factor authentication is not enabled for this account');
    return user as UserRow & { totp_secret: string };
  }

  async function failSecondFactor(request: FastifyRequest, user: UserRow, message: string): Promise<never> {
    spendIpBudget(app, request);
    await recordFailure(app.db, user.id, 'mfa');
    await app.audit({ tenantId: user.tenant_id, actorId: user.id, action: 'mfa.failed', ip: request.ip });
    throw new HttpError(400, message);
  }

  async function provider(request: FastifyRequest): Promise<{ provider: string; providerData?: unknown }> {
    const claims = await app.tokens.verify<{ prov?: unknown; pdata?: unknown }>(request.auth!.token, 'mfa');
    return { provider: typeof claims.prov === 'string' ? claims.prov : 'password', ...(claims.pdata === undefined ? {} : { providerData: claims.pdata }) };
  }

  app.post<{ Body: { totpCode: string | number; remember?: boolean; captchaToken?: string | null; username?: string; email?: string } }>(
    '/um/mfa/totp/validateCode',
    {
      preHandler: app.authenticate({ typ: 'mfa' }),
      schema: {
        tags: ['mfa'],
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
        response: { 200: tokenAnswerSchema, ...errors(400, 401, 429, 503) },
      },
    },
    async (request) => {
      const { totpCode, remember, captchaToken } = request.body;
      checkIpBudget(app, request);
      await checkCaptcha(app, request, captchaToken ?? undefined);
      const user = await mfaUser(request);
      await claimAttempt(app.db, user.id, 'mfa');
      if (!(await acceptTotpCode(app.db, user, normaliseTotpInput(totpCode)))) return failSecondFactor(request, user, WRONG_TOTP);
      await resetFailures(app.db, user.id, 'mfa');
      await consumeMfaToken(request);
      const answer = await startSession(app, request, user, await provider(request));
      if (remember === true) return { ...answer, rememberToken: await rememberDevice(app.db, user.id) };
      return answer;
    },
  );

  app.post<{ Body: { totpRecoveryCode: string | number; captchaToken?: string | null; username?: string; email?: string } }>(
    '/um/mfa/totp/validateRecoveryCode',
    {
      preHandler: app.authenticate({ typ: 'mfa' }),
      schema: {
        tags: ['mfa'],
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
      checkIpBudget(app, request);
      await checkCaptcha(app, request, captchaToken ?? undefined);
      const user = await mfaUser(request);
      await claimAttempt(app.db, user.id, 'mfa');
      if (!(await consumeRecoveryCode(app.db, app.tokens, user.id, String(totpRecoveryCode)))) return failSecondFactor(request, user, WRONG_RECOVERY_CODE);
      await resetFailures(app.db, user.id, 'mfa');
      await consumeMfaToken(request);
      await app.audit({ tenantId: user.tenant_id, actorId: user.id, action: 'mfa.recovery-code-used', ip: request.ip });
      return startSession(app, request, user, await provider(request));
    },
  );

  app.post<{ Body: { password: string; captchaToken?: string | null } }>(
    '/um/mfa/validatePassword',
    {
      preHandler: app.authenticate(),
      schema: {
        tags: ['mfa'],
        summary: 'Re-validate the password before changing two-factor settings',
        description: 'Bearer: access token. Answers a recovery token (typ recovery, 10 min, bound to the session) for /um/mfa/totp/*. Wrong password: 400 (lockout as for login).',
        security: bearerSecurity,
        body: {
          type: 'object',
          required: ['password'],
          additionalProperties: false,
          properties: { password: passwordField, captchaToken: { ...captchaField, type: ['string', 'null'] } },
        },
        response: { 200: { type: 'object', additionalProperties: false, required: ['token'], properties: { token: { type: 'string' } } }, ...errors(400, 401, 429, 503) },
      },
    },
    async (request) => {
      const auth = request.auth!;
      checkIpBudget(app, request);
      await checkCaptcha(app, request, request.body.captchaToken ?? undefined);
      const user = await findUserById(app.db, auth.userId);
      if (!canSignIn(user)) throw new HttpError(401, 'Session expired');
      await claimAttempt(app.db, user.id, 'login');
      if (!(await verifyPassword(user.password_hash, request.body.password))) {
        spendIpBudget(app, request);
        await recordFailure(app.db, user.id, 'login');
        throw new HttpError(400, 'The password is incorrect');
      }
      await resetFailures(app.db, user.id, 'login');
      const token = await app.tokens.sign('recovery', { sub: user.id, tenant: user.tenant_id, sid: auth.sessionId, perms: [] }, RECOVERY_TOKEN_TTL_S);
      return { token };
    },
  );

  const recovery = app.authenticate({ typ: 'recovery' });

  async function recoveryUser(request: FastifyRequest): Promise<UserRow> {
    const user = await findUserById(app.db, request.auth!.userId);
    if (!canSignIn(user)) throw new HttpError(401, 'Session expired');
    return user;
  }

  app.put(
    '/um/mfa/totp/create',
    {
      preHandler: recovery,
      schema: {
        tags: ['mfa'],
        summary: 'Start two-factor set-up',
        description: 'Bearer: recovery token. New 160-bit secret and 10 recovery codes (shown once, stored hashed); both take effect at verifyQr.',
        security: bearerSecurity,
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['secret', 'otpauthUrl', 'recoveryCodes'],
            properties: { secret: { type: 'string' }, otpauthUrl: { type: 'string' }, recoveryCodes: { type: 'array', items: { type: 'string' } } },
          },
          ...errors(401),
        },
      },
    },
    async (request) => {
      const user = await recoveryUser(request);
      const secret = newTotpSecret();
      const recoveryCodes = await app.db.tx(async (q) => {
        await q.query('UPDATE users SET totp_pending_secret = $2 WHERE id = $1', [user.id, secret]);
        return createPendingRecoveryCodes(q, app.tokens, user.id);
      });
      return { secret, otpauthUrl: otpauthUrl(secret, user.email, TOTP_ISSUER), recoveryCodes };
    },
  );

  app.get(
    '/um/mfa/totp/qr',
    {
      preHandler: recovery,
      schema: {
        tags: ['mfa'],
        summary: 'QR code (PNG) of the pending set-up',
        security: bearerSecurity,
        produces: ['image/png'],
        response: { 200: { type: 'string', format: 'binary', description: 'image/png' }, ...errors(401, 404) },
      },
    },
    async (request, reply) => {
      const user = await recoveryUser(request);
      if (!user.totp_pending_secret) throw new HttpError(404, 'Start the two-factor set-up first');
      const png = await QRCode.toBuffer(otpauthUrl(user.totp_pending_secret, user.email, TOTP_ISSUER), { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 256 });
      return reply.type('image/png').header('Cache-Control', 'no-store').send(png);
    },
  );

  app.post<{ Body: { totpCode: string | number } }>(
    '/um/mfa/totp/verifyQr',
    {
      preHandler: recovery,
      schema: {
        tags: ['mfa'],
        summary: 'Finish two-factor set-up with a code from the app',
        description: `Bearer: recovery token. Turns MFA on with the pending secret and recovery codes. Wrong code: 400 "${WRONG_TOTP}".`,
        security: bearerSecurity,
        body: { type: 'object', required: ['totpCode'], additionalProperties: false, properties: { totpCode: codeField } },
        response: { 200: userAnswer, ...errors(400, 401, 404, 429) },
      },
    },
    async (request) => {
      checkIpBudget(app, request);
      const user = await recoveryUser(request);
      const pending = user.totp_pending_secret;
      if (!pending) throw new HttpError(404, 'Start the two-factor set-up first');
      await claimAttempt(app.db, user.id, 'mfa');
      const step = matchTotp(pending, normaliseTotpInput(request.body.totpCode));
      if (step === null) return failSecondFactor(request, user, WRONG_TOTP);
      const updated = await app.db.tx(async (q) => {
        const [row] = await q.query<UserRow>(
          `UPDATE users SET totp_secret = totp_pending_secret, totp_pending_secret = NULL, totp_enabled = true, totp_last_step = $2,
                  failed_mfa = 0, last_failed_mfa_at = NULL, updated_at = now()
            WHERE id = $1 AND totp_pending_secret = $3 RETURNING *`,
          [user.id, step, pending],
        );
        if (!row) throw new HttpError(404, 'Start the two-factor set-up first');
        await activatePendingRecoveryCodes(q, user.id);
        return row;
      });
      await app.audit({ tenantId: user.tenant_id, actorId: user.id, action: 'mfa.enable', target: user.id, ip: request.ip });
      return { user: userView(updated) };
    },
  );

  app.delete(
    '/um/mfa/totp',
    {
      preHandler: recovery,
      schema: {
        tags: ['mfa'],
        summary: 'Turn two-factor authentication off',
        description: 'Bearer: recovery token. Removes the secret, recovery codes and remembered devices.',
        security: bearerSecurity,
        response: { 200: userAnswer, ...errors(401) },
      },
    },
    async (request) => {
      const user = await recoveryUser(request);
      const updated = await app.db.tx(async (q) => {
        const [row] = await q.query<UserRow>(
          `UPDATE users SET totp_enabled = false, totp_secret = NULL, totp_pending_secret = NULL, totp_last_step = NULL, updated_at = now()
            WHERE id = $1 RETURNING *`,
          [user.id],
        );
        await deleteRecoveryCodes(q, user.id);
        await forgetDevices(q, user.id);
        return row!;
      });
      await app.audit({ tenantId: user.tenant_id, actorId: user.id, action: 'mfa.disable', target: user.id, ip: request.ip });
      return { user: userView(updated) };
    },
  );
};
