import type { AuditLog, AuthUser, Queryable, SessionStore, TokenService } from '../contracts';
import { isRememberedDevice } from './rememberedDevices';
import { signAccessToken } from './sessions';
import { MFA_TOKEN_TTL_S } from './sessionLimits';
import { authUserView, markSignedIn, type UserView } from './users';

/**
 * The only permission of a second-factor token (spec). The answer's `mfaRequired` says the same
 * thing explicitly; the console still honours this permission. Spelled only here.
 */
export const MFA_PERMISSION = 'umg#otp#r';

/** `{ token, user, mfaRequired }`: the answer of every sign-in step and of refresh. */
export interface SignInAnswer {
  token: string;
  user: UserView;
  /** True exactly when `token` is a second-factor (typ mfa) token. */
  mfaRequired: boolean;
  rememberToken?: string;
}

export interface SignInOptions {
  /** 'password' or the identity provider (Google, Okta, JamfAuth0). */
  provider: string;
  /** Kept on the session for logout (e.g. { idToken } for the end-session URL). */
  providerData?: unknown;
  rememberToken?: string | null;
}

/** What finishing a sign-in uses. */
export interface SignInDeps {
  db: Queryable;
  tokens: Pick<TokenService, 'sign'>;
  sessions: Pick<SessionStore, 'create'>;
  audit: AuditLog;
}

/** Where the sign-in comes from (recorded on the session and in the audit log). */
export interface SignInClient {
  ip: string;
  userAgent: string | null;
}

export function signInAnswer(token: string, user: Pick<AuthUser, 'email' | 'totpEnabled'>, mfaRequired: boolean): SignInAnswer {
  return { token, user: authUserView(user), mfaRequired };
}

/**
 * Last step of every sign-in (password, SSO) once the first factor passed for an active,
 * enabled user: a user with MFA and no valid remembered device gets an 'mfa' token (only
 * permission MFA_PERMISSION, MFA_TOKEN_TTL_S); everybody else a new session and its access token.
 */
export async function completeSignIn(deps: SignInDeps, client: SignInClient, user: AuthUser, options: SignInOptions): Promise<SignInAnswer> {
  if (user.totpEnabled && !(await isRememberedDevice(deps.db, user.id, options.rememberToken))) {
    const token = await deps.tokens.sign(
      'mfa',
      { sub: user.id, tenant: user.tenantId, perms: [MFA_PERMISSION], prov: options.provider, ...(options.providerData === undefined ? {} : { pdata: options.providerData }) },
      MFA_TOKEN_TTL_S,
    );
    await deps.audit({ tenantId: user.tenantId, actorId: user.id, action: 'login.first-factor', details: { provider: options.provider }, ip: client.ip });
    return signInAnswer(token, user, true);
  }
  return startSession(deps, client, user, options);
}

/** Opens a session for the user (all factors passed) and signs its access token. */
export async function startSession(deps: SignInDeps, client: SignInClient, user: AuthUser, options: Pick<SignInOptions, 'provider' | 'providerData'>): Promise<SignInAnswer> {
  const session = await deps.sessions.create({
    userId: user.id,
    tenantId: user.tenantId,
    provider: options.provider,
    providerData: options.providerData,
    ip: client.ip,
    userAgent: client.userAgent,
  });
  await markSignedIn(deps.db, user.id);
  const token = await signAccessToken(deps.tokens, { userId: user.id, tenantId: user.tenantId, sessionId: session.id, perms: user.permissions, sessionExpiresAt: session.expiresAt });
  await deps.audit({ tenantId: user.tenantId, actorId: user.id, action: 'login', target: session.id, details: { provider: options.provider }, ip: client.ip });
  return signInAnswer(token, user, false);
}

/** Whether the user may sign in at all (same 401 for unknown, disabled, not yet activated). Same rule as LIVE_USER. */
export function canSignIn<U extends { disabled: boolean; status: string }>(user: U | null): user is U {
  return !!user && !user.disabled && user.status === 'active';
}
