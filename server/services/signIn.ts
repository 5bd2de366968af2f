import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isRememberedDevice } from './rememberedDevices';
import { createSession, signAccessToken } from './sessions';
import { MFA_TOKEN_TTL_S } from './sessionLimits';
import { userView, type UserRow, type UserView } from './users';

/** The only permission of a second-factor token; the console sees it and shows the code step. */
export const MFA_PERMISSION = 'umg#otp#r';

export interface SignInAnswer {
  token: string;
  user: UserView;
  rememberToken?: string;
}

export interface SignInOptions {
  /** 'password' or the identity provider (Google, Okta, JamfAuth0). */
  provider: string;
  /** Kept on the session for logout (e.g. { idToken } for the end-session URL). */
  providerData?: unknown;
  rememberToken?: string | null;
}

/**
 * Last step of every sign-in (password, SSO) once the first factor passed for an active,
 * enabled user: a user with MFA and no valid remembered device gets an 'mfa' token (only
 * permission umg#otp#r, MFA_TOKEN_TTL_S); everybody else a new session and its access token.
 */
export async function completeSignIn(app: FastifyInstance, request: FastifyRequest, user: UserRow, options: SignInOptions): Promise<SignInAnswer> {
  if (user.totp_enabled && !(await isRememberedDevice(app.db, user.id, options.rememberToken))) {
    const token = await app.tokens.sign(
      'mfa',
      { sub: user.id, tenant: user.tenant_id, perms: [MFA_PERMISSION], prov: options.provider, ...(options.providerData === undefined ? {} : { pdata: options.providerData }) },
      MFA_TOKEN_TTL_S,
    );
    await app.audit({ tenantId: user.tenant_id, actorId: user.id, action: 'login.first-factor', details: { provider: options.provider }, ip: request.ip });
    return { token, user: userView(user) };
  }
  return startSession(app, request, user, options);
}

/** Opens a session for the user (all factors passed) and signs its access token. */
export async function startSession(app: FastifyInstance, request: FastifyRequest, user: UserRow, options: Pick<SignInOptions, 'provider' | 'providerData'>): Promise<SignInAnswer> {
  const session = await createSession(app.db, {
    userId: user.id,
    tenantId: user.tenant_id,
    provider: options.provider,
    providerData: options.providerData,
    ip: request.ip,
    userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
  });
  await app.db.query('UPDATE users SET last_login_at = now() WHERE id = $1', [user.id]);
  const token = await signAccessToken(app, { userId: user.id, tenantId: user.tenant_id, sessionId: session.id, perms: user.permissions, sessionExpiresAt: session.expires_at });
  await app.audit({ tenantId: user.tenant_id, actorId: user.id, action: 'login', target: session.id, details: { provider: options.provider }, ip: request.ip });
  return { token, user: userView(user) };
}

/** Whether the user may sign in at all (same 401 for unknown, disabled, not yet activated). */
export function canSignIn(user: UserRow | null): user is UserRow {
  return !!user && !user.disabled && user.status === 'active';
}
