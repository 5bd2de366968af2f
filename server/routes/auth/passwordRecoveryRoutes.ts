import type { FastifyPluginAsync } from 'fastify';
import { HttpError, type Queryable } from '../../contracts';
import { captchaField, errors } from '../../schemas';
import { claimAttempt, recordFailure } from '../../services/lockout';
import { hashPassword, passwordProblem } from '../../services/passwords';
import { consumeRecoveryCode } from '../../services/recoveryCodes';
import { acceptTotpCode, normaliseTotpInput } from '../../services/secondFactor';
import { hashToken, randomToken } from '../../services/secrets';
import { PASSWORD_RECOVERY_TTL_S } from '../../services/sessionLimits';
import { revokeUserSessions } from '../../services/sessions';
import { findUserByEmail, type UserRow } from '../../services/users';
import { checkCaptcha, checkIpBudget, spendIpBudget } from './clientGuards';
import { WRONG_RECOVERY_CODE, WRONG_TOTP } from './mfaRoutes';

export const RECOVERY_REQUESTED = 'If an account exists for this e-mail address, we have sent a link to reset its password.';
export const LINK_INVALID = 'This password reset link is invalid';
export const LINK_EXPIRED = 'This password reset link has expired';
/** At most this many reset mails per account and hour (mail bombing). */
export const MAX_REQUESTS_PER_HOUR = 5;

const idParam = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: { type: 'string', maxLength: 200 } },
} as const;

interface RecoveryRow {
  id: string;
  user_id: string;
  expires_at: Date;
  used_at: Date | null;
}

async function findRequest(q: Queryable, id: string, forUpdate = false): Promise<RecoveryRow> {
  if (!/^[A-Za-z0-9_-]{16,200}$/.test(id)) throw new HttpError(404, LINK_INVALID);
  const [row] = await q.query<RecoveryRow>(
    `SELECT id, user_id, expires_at, used_at FROM password_recovery_requests WHERE token_hash = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [hashToken(id)],
  );
  if (!row) throw new HttpError(404, LINK_INVALID);
  if (row.used_at || row.expires_at.getTime() <= Date.now()) throw new HttpError(410, LINK_EXPIRED);
  return row;
}

export const passwordRecoveryRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/um/passwordRecovery/enabled',
    {
      schema: {
        tags: ['password recovery'],
        summary: 'Whether "Forgot your password?" is offered',
        response: { 200: { type: 'object', additionalProperties: false, required: ['passwordRecoveryEnabled'], properties: { passwordRecoveryEnabled: { type: 'boolean' } } } },
      },
    },
    async () => ({ passwordRecoveryEnabled: app.config.passwordRecoveryEnabled }),
  );

  function ensureEnabled(): void {
    if (!app.config.passwordRecoveryEnabled) throw new HttpError(404, 'Password recovery is not enabled');
  }

  app.post<{ Body: { username: string; captchaToken?: string | null } }>(
    '/um/passwordRecovery',
    {
      schema: {
        tags: ['password recovery'],
        summary: 'Mail a password-reset link',
        description:
          'Same answer whether or not the account exists; the mail (link `${PUBLIC_URL}/resetPassword/{id}`, valid 1 h, single use) is sent after answering. ' +
          `At most ${MAX_REQUESTS_PER_HOUR} mails per account and hour.`,
        body: {
          type: 'object',
          required: ['username'],
          additionalProperties: false,
          properties: { username: { type: 'string', minLength: 1, maxLength: 320 }, captchaToken: { ...captchaField, type: ['string', 'null'] } },
        },
        response: { 200: { type: 'object', additionalProperties: false, required: ['message'], properties: { message: { type: 'string' } } }, ...errors(400, 404, 429, 503) },
      },
    },
    async (request) => {
      ensureEnabled();
      checkIpBudget(app, request);
      await checkCaptcha(app, request, request.body.captchaToken ?? undefined);
      // Every request spends budget: the endpoint sends mail.
      spendIpBudget(app, request);
      const username = request.body.username;
      const ip = request.ip;
      app.background.run('password recovery mail', async () => {
        const user = await findUserByEmail(app.db, username);
        if (!user || user.disabled || user.status !== 'active') return;
        const id = randomToken(32);
        const created = await app.db.tx(async (q) => {
          // Lock the user row: parallel requests count and insert one after the other.
          await q.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [user.id]);
          const [recent] = await q.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM password_recovery_requests WHERE user_id = $1 AND created_at > now() - interval '1 hour'",
            [user.id],
          );
          if ((recent?.n ?? 0) >= MAX_REQUESTS_PER_HOUR) return false;
          await q.query(
            'INSERT INTO password_recovery_requests (token_hash, user_id, expires_at, ip) VALUES ($1, $2, now() + make_interval(secs => $3), $4)',
            [hashToken(id), user.id, PASSWORD_RECOVERY_TTL_S, ip],
          );
          return true;
        });
        if (!created) return;
        const link = `${app.config.publicUrl}/resetPassword/${id}`;
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

  app.get<{ Params: { id: string } }>(
    '/um/passwordRecovery/:id',
    {
      schema: {
        tags: ['password recovery'],
        summary: 'Check a reset link',
        description: `Answers { otp } (true: the change needs a TOTP or recovery code). Unknown: 404 "${LINK_INVALID}"; used or expired: 410 "${LINK_EXPIRED}".`,
        params: idParam,
        response: { 200: { type: 'object', additionalProperties: false, required: ['otp'], properties: { otp: { type: 'boolean' } } }, ...errors(404, 410) },
      },
    },
    async (request) => {
      ensureEnabled();
      const row = await findRequest(app.db, request.params.id);
      const [user] = await app.db.query<{ totp_enabled: boolean }>('SELECT totp_enabled FROM users WHERE id = $1', [row.user_id]);
      return { otp: !!user?.totp_enabled };
    },
  );

  interface ChangeBody {
    password: string;
    otp?: string | number | null;
    otpRecoveryCode?: string | number | null;
    resetPasswordId?: string;
  }

  app.post<{ Params: { id: string }; Body: ChangeBody }>(
    '/um/passwordRecovery/:id/changePassword',
    {
      schema: {
        tags: ['password recovery'],
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
        response: { 200: { type: 'object', additionalProperties: false, required: ['message'], properties: { message: { type: 'string' } } }, ...errors(400, 404, 410, 429) },
      },
    },
    async (request) => {
      ensureEnabled();
      const { password, otp, otpRecoveryCode } = request.body;
      checkIpBudget(app, request);
      const probe = await findRequest(app.db, request.params.id);
      const [owner] = await app.db.query<UserRow>('SELECT * FROM users WHERE id = $1', [probe.user_id]);
      if (!owner) throw new HttpError(404, LINK_INVALID);
      const problem = passwordProblem(password, owner.email);
      if (problem) throw new HttpError(400, problem);
      if (owner.totp_enabled) {
        const hasOtp = otp !== undefined && otp !== null && otp !== '';
        const hasCode = otpRecoveryCode !== undefined && otpRecoveryCode !== null && otpRecoveryCode !== '';
        if (!hasOtp && !hasCode) throw new HttpError(400, 'Authentication code is required');
        await claimAttempt(app.db, owner.id, 'mfa');
        const ok = hasOtp
          ? await acceptTotpCode(app.db, owner, normaliseTotpInput(otp!))
          : await consumeRecoveryCode(app.db, app.tokens, owner.id, String(otpRecoveryCode));
        if (!ok) {
          spendIpBudget(app, request);
          await recordFailure(app.db, owner.id, 'mfa');
          throw new HttpError(400, hasOtp ? WRONG_TOTP : WRONG_RECOVERY_CODE);
        }
      }
      const hash = await hashPassword(password);
      await app.db.tx(async (q) => {
        // Re-check under lock: two parallel uses of one link, only one wins.
        const row = await findRequest(q, request.params.id, true);
        await q.query('UPDATE password_recovery_requests SET used_at = now() WHERE id = $1', [row.id]);
        await q.query(
          `UPDATE users SET password_hash = $2, failed_logins = 0, last_failed_login_at = NULL, failed_mfa = 0, last_failed_mfa_at = NULL, updated_at = now()
            WHERE id = $1`,
          [row.user_id, hash],
        );
        // Other open links of this user stop working too.
        await q.query('UPDATE password_recovery_requests SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [row.user_id]);
        await revokeUserSessions(q, row.user_id);
      });
      await app.audit({ tenantId: owner.tenant_id, actorId: owner.id, action: 'password.reset', target: owner.id, ip: request.ip });
      return { message: 'Your password has been reset' };
    },
  );
};

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
