import { resetPasswordPaths } from '@common/reset-password/paths';

import { HttpError } from '../../contracts';
import type { RoutePlugin } from '../../http/routePlugin';
import { captchaField, errors } from '../../schemas';
import { escapeHtml } from '../../services/escapeHtml';
import { hashPassword, passwordProblem } from '../../services/passwords';
import { findUserByEmail } from '../../services/users';
import { attemptKey, checkCaptcha, checkIpBudget, ipBudgetKey, spendIpBudget, whileHeld } from './clientGuards';
import { claimAttempt, recordFailure } from './lockout';
import { WRONG_RECOVERY_CODE, WRONG_TOTP } from './mfaRoutes';
import {
  createRecoveryRequest,
  LINK_EXPIRED,
  LINK_INVALID,
  MAX_REQUESTS_PER_HOUR,
  recoveryLinkOwner,
  resetPassword,
} from './passwordRecovery';
import { consumeRecoveryCode } from './recoveryCodes';
import { acceptTotpCode, normaliseTotpInput } from './secondFactor';

export { LINK_EXPIRED, LINK_INVALID, MAX_REQUESTS_PER_HOUR } from './passwordRecovery';
export const RECOVERY_REQUESTED =
  'If an account exists for this e-mail address, we have sent a link to reset its password.';

const idParam = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: { type: 'string', maxLength: 200 } },
} as const;

export const passwordRecoveryRoutes: RoutePlugin = async (app) => {
  app.get(
    '/um/passwordRecovery/enabled',
    {
      schema: {
        summary: 'Whether "Forgot your password?" is offered',
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['passwordRecoveryEnabled'],
            properties: { passwordRecoveryEnabled: { type: 'boolean' } },
          },
        },
      },
    },
    async () => ({ passwordRecoveryEnabled: app.config.passwordRecoveryEnabled }),
  );

  function ensureEnabled(): void {
    if (!app.config.passwordRecoveryEnabled) throw new HttpError(404, 'Password recovery is not enabled');
  }

  app.post(
    '/um/passwordRecovery',
    {
      schema: {
        summary: 'Mail a password-reset link',
        description:
          'Same answer whether or not the account exists; the mail (link `${PUBLIC_URL}/resetPassword/{id}`, valid 1 h, single use) is sent after answering. ' +
          `At most ${MAX_REQUESTS_PER_HOUR} mails per account and hour.`,
        body: {
          type: 'object',
          required: ['username'],
          additionalProperties: false,
          properties: {
            username: { type: 'string', minLength: 1, maxLength: 320 },
            captchaToken: { ...captchaField, type: ['string', 'null'] },
          },
        },
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['message'],
            properties: { message: { type: 'string' } },
          },
          ...errors(400, 404, 429, 503),
        },
      },
    },
    async (request) => {
      ensureEnabled();
      await checkIpBudget(app, request);
      await checkCaptcha(app, request, request.body.captchaToken ?? undefined);
      // Every request spends budget: the endpoint sends mail.
      await spendIpBudget(app, request);
      const username = request.body.username;
      const ip = request.ip;
      app.background.run('password recovery mail', async () => {
        const user = await findUserByEmail(app.db, username);
        if (!user || user.disabled || user.status !== 'active') return;
        const id = await createRecoveryRequest(app.db, user.id, ip);
        if (!id) return;
        const link = `${app.config.publicUrl}${resetPasswordPaths.reset(id)}`;
        await app.mailer.send(user.tenant_id, {
          to: user.email,
          subject: 'Reset your password',
          text: `Someone asked to reset the password of ${user.email}.\n\nTo choose a new password, open this link within one hour:\n${link}\n\nIf you did not ask for this, ignore this mail; your password stays unchanged.`,
          html: `<p>Someone asked to reset the password of ${escapeHtml(user.email)}.</p><p><a href="${escapeHtml(link)}">Choose a new password</a> (valid for one hour).</p><p>If you did not ask for this, ignore this mail; your password stays unchanged.</p>`,
        });
        await app.audit({ tenantId: user.tenant_id, actorId: user.id, action: 'password.recovery-requested', ip });
      });
      return { message: RECOVERY_REQUESTED };
    },
  );

  app.get(
    '/um/passwordRecovery/:id',
    {
      schema: {
        summary: 'Check a reset link',
        description: `Answers { otp } (true: the change needs a TOTP or recovery code). Unknown: 404 "${LINK_INVALID}"; used or expired: 410 "${LINK_EXPIRED}".`,
        params: idParam,
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['otp'],
            properties: { otp: { type: 'boolean' } },
          },
          ...errors(404, 410),
        },
      },
    },
    async (request) => {
      ensureEnabled();
      const owner = await recoveryLinkOwner(app.db, request.params.id);
      return { otp: owner.totp_enabled };
    },
  );

  app.post(
    '/um/passwordRecovery/:id/changePassword',
    {
      schema: {
        summary: 'Set a new password with a reset link',
        description:
          'Single use. For a user with MFA, `otp` (TOTP code) or `otpRecoveryCode` is required. Ends every session of the user and clears the password lockout. ' +
          `Wrong code: 400 "${WRONG_TOTP}" / "${WRONG_RECOVERY_CODE}".`,
        params: idParam,
        body: {
          type: 'object',
          required: ['password'],
          additionalProperties: false,
          properties: {
            password: { type: 'string', maxLength: 1024 },
            otp: { type: ['string', 'integer', 'null'], maxLength: 32 },
            otpRecoveryCode: { type: ['string', 'integer', 'null'], maxLength: 64 },
            resetPasswordId: { type: 'string', maxLength: 200 },
          },
        },
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['message'],
            properties: { message: { type: 'string' } },
          },
          ...errors(400, 404, 410, 429),
        },
      },
    },
    // The IP is held for the whole reset, so its budget is read once, with the checks in flight.
    async (request) =>
      whileHeld(app, [ipBudgetKey(request)], async ([ipInFlight]) => {
        ensureEnabled();
        const { password, otp, otpRecoveryCode } = request.body;
        await checkIpBudget(app, request, ipInFlight);
        const owner = await recoveryLinkOwner(app.db, request.params.id);
        const problem = passwordProblem(password, owner.email);
        if (problem) throw new HttpError(400, problem);
        if (owner.totp_enabled) {
          const hasOtp = otp !== undefined && otp !== null && otp !== '';
          const hasCode = otpRecoveryCode !== undefined && otpRecoveryCode !== null && otpRecoveryCode !== '';
          if (!hasOtp && !hasCode) throw new HttpError(400, 'Authentication code is required');
          await whileHeld(app, [attemptKey('mfa', owner.id)], async ([mine]) => {
            await claimAttempt(app.db, owner.id, 'mfa', mine);
            const ok = hasOtp
              ? await acceptTotpCode(app.db, owner, normaliseTotpInput(otp!))
              : await consumeRecoveryCode(app.db, app.tokens, owner.id, String(otpRecoveryCode));
            if (!ok) {
              await spendIpBudget(app, request);
              await recordFailure(app.db, owner.id, 'mfa');
              throw new HttpError(400, hasOtp ? WRONG_TOTP : WRONG_RECOVERY_CODE);
            }
          });
        }
        const hash = await hashPassword(password);
        await resetPassword(app.db, request.params.id, hash);
        await app.audit({
          tenantId: owner.tenant_id,
          actorId: owner.id,
          action: 'password.reset',
          target: owner.id,
          ip: request.ip,
        });
        return { message: 'Your password has been reset' };
      }),
  );
};
