import type { AuditLog, AuthUser, Database, Queryable, TokenService } from '../../contracts';
import { preparedQuery } from '../../db/prepared';
import type { SignInAnswer } from '../../schemas';
import { ipWaitSql } from '../../services/rateLimit';
import { MFA_TOKEN_TTL_S } from '../../services/sessionLimits';
import { signAccessToken } from '../../services/sessions';
import { openSignedInSession } from '../../services/sessionStore';
import { authUserView, normaliseEmail } from '../../services/users';
import { FREE_FAILURES, type LockState, MAX_DELAY_S, unknownAccountKey } from './lockout';
import { passkeyPolicyOf } from './passkeys';
import { isRememberedDevice } from './rememberedDevices';

/**
 * The only permission of a second-factor token (spec). The answer's `mfaRequired` says the same
 * thing explicitly; the console still honours this permission. Spelled only here.
 */
export const MFA_PERMISSION = 'umg#otp#r';

export interface SignInOptions {
  /** 'password' or the identity provider (Google, Okta, JamfAuth0). */
  provider: string;
  /** Kept on the session for logout (e.g. { idToken } for the end-session URL). */
  providerData?: unknown;
  rememberToken?: string | null;
  /** The tenant's passkey policy when the caller's read already has it (the password sign-in's one statement). */
  passkeyPolicy?: PasskeyPolicy;
}

export interface PasskeyPolicy {
  required: boolean;
  hasPasskey: boolean;
}

/** What finishing a sign-in uses. */
export interface SignInDeps {
  db: Queryable & Partial<Pick<Database, 'prepared'>>;
  tokens: Pick<TokenService, 'sign'>;
  audit: AuditLog;
}

/** Where the sign-in comes from (recorded on the session and in the audit log). */
export interface SignInClient {
  ip: string;
  userAgent: string | null;
}

export function signInAnswer(
  token: string,
  user: Pick<AuthUser, 'email' | 'totpEnabled'>,
  mfaRequired: boolean,
  extra: Pick<SignInAnswer, 'mfaMethods' | 'passkeyRequired'> = {},
): SignInAnswer {
  return { token, user: authUserView(user), mfaRequired, ...extra };
}

/** The second factors an mfa token accepts besides recovery codes (claim `mf`; absent on older tokens: TOTP only). */
export type SecondFactorMethod = 'totp' | 'passkey';

/**
 * Last step of every sign-in (password, SSO) once the first factor passed for an active,
 * enabled user: a user with MFA and no valid remembered device gets an 'mfa' token (only
 * permission MFA_PERMISSION, MFA_TOKEN_TTL_S); everybody else a new session and its access token.
 * In a tenant that requires a phishing-resistant method, a user with a passkey must use it as the
 * second step (no remembered device, no TOTP); a user without one signs in as before and is told
 * to add one (`passkeyRequired`).
 */
export async function completeSignIn(
  deps: SignInDeps,
  client: SignInClient,
  user: AuthUser,
  options: SignInOptions,
): Promise<SignInAnswer> {
  const policy = options.passkeyPolicy ?? (await passkeyPolicyOf(deps.db, user));
  const passkeyOnly = policy.required && policy.hasPasskey;
  const methods: SecondFactorMethod[] = passkeyOnly
    ? ['passkey']
    : [...(user.totpEnabled ? (['totp'] as const) : []), ...(policy.hasPasskey ? (['passkey'] as const) : [])];
  if (passkeyOnly || (user.totpEnabled && !(await isRememberedDevice(deps.db, user.id, options.rememberToken)))) {
    const token = await deps.tokens.sign(
      'mfa',
      {
        sub: user.id,
        tenant: user.tenantId,
        perms: [MFA_PERMISSION],
        prov: options.provider,
        mf: methods,
        ...(options.providerData === undefined ? {} : { pdata: options.providerData }),
      },
      MFA_TOKEN_TTL_S,
    );
    void deps.audit({
      tenantId: user.tenantId,
      actorId: user.id,
      action: 'login.first-factor',
      details: { provider: options.provider, methods },
      ip: client.ip,
    });
    return signInAnswer(token, user, true, { mfaMethods: methods });
  }
  return startSession(deps, client, user, { provider: options.provider, providerData: options.providerData }, policy);
}

/**
 * Opens a session for the user (all factors passed) and signs its access token. `policy`: the
 * tenant's passkey policy as the caller read it (read here when absent); null when the user just
 * used a passkey (nothing to ask then).
 */
export async function startSession(
  deps: SignInDeps,
  client: SignInClient,
  user: AuthUser,
  options: Pick<SignInOptions, 'provider' | 'providerData'>,
  policy?: PasskeyPolicy | null,
): Promise<SignInAnswer> {
  const read = policy === undefined ? await passkeyPolicyOf(deps.db, user) : policy;
  const session = await openSignedInSession(deps.db, {
    userId: user.id,
    tenantId: user.tenantId,
    provider: options.provider,
    providerData: options.providerData,
    ip: client.ip,
    userAgent: client.userAgent,
  });
  const token = await signAccessToken(deps.tokens, {
    userId: user.id,
    tenantId: user.tenantId,
    sessionId: session.id,
    perms: user.permissions,
    sessionExpiresAt: session.expiresAt,
  });
  // The 'login' audit row is written by the statement that opened the session (sessionStore.ts).
  return signInAnswer(token, user, false, read?.required && !read.hasPasskey ? { passkeyRequired: true } : {});
}

/** Whether the user may sign in at all (same 401 for unknown, disabled, not yet activated). Same rule as LIVE_USER. */
export function canSignIn<U extends { disabled: boolean; status: string }>(user: U | null): user is U {
  return !!user && !user.disabled && user.status === 'active';
}

/** What a password sign-in reads before checking the password, in one statement. */
export interface PasswordSignInRead {
  /** The account with that e-mail, or null. */
  user:
    | (AuthUser & { passwordHash: string | null; disabled: boolean; status: string; passkeyPolicy: PasskeyPolicy })
    | null;
  /** Its lockout counter, or that of the stand-in row for an e-mail without an account (null: none yet). */
  lock: LockState | null;
  /** Seconds until the client IP is back under its failure budget; 0 when it is not over it. */
  ipWait: number;
}

interface PasswordSignInRow {
  id: string | null;
  tenant_id: string;
  email: string;
  password_hash: string | null;
  permissions: string[];
  totp_enabled: boolean;
  disabled: boolean;
  status: string;
  require_phishing_resistant: boolean | null;
  has_passkey: boolean | null;
  failures: number | null;
  wait: number | null;
  ip_wait: number | null;
}

const PASSWORD_SIGN_IN_SQL = `SELECT u.id, u.tenant_id, u.email, u.password_hash, u.permissions, u.totp_enabled, u.disabled, u.status,
            t.require_phishing_resistant, EXISTS (SELECT 1 FROM passkeys p WHERE p.user_id = u.id) AS has_passkey,
            COALESCE(u.failed_logins, l.failures) AS failures,
            CEIL(EXTRACT(EPOCH FROM (COALESCE(u.last_failed_login_at, l.last_failed_at)
              + make_interval(secs => LEAST(power(2, GREATEST(COALESCE(u.failed_logins, l.failures) - $3, 0)), $4)) - now())))::int AS wait,
            (${ipWaitSql('$5', '$6', '$7')}) AS ip_wait
       FROM (SELECT 1) AS one
       LEFT JOIN users u ON u.email = $1
       LEFT JOIN tenants t ON t.id = u.tenant_id
       LEFT JOIN unknown_account_lockouts l ON u.id IS NULL AND l.key = $2`;

/**
 * One round trip for known and unknown e-mails alike (same work, and fewer statements):
 * the account (with its tenant's passkey policy), its lockout counter (users or the unknown-account stand-in, by the SHA-256 key)
 * and the client IP's budget. A named prepared statement: parsed and planned once, not per sign-in.
 */
export async function readPasswordSignIn(
  q: Queryable & Partial<Pick<Database, 'prepared'>>,
  email: string,
  ip: { key: string; windowS: number; offset: number },
): Promise<PasswordSignInRead> {
  const normalised = normaliseEmail(email);
  const [row] = await preparedQuery<PasswordSignInRow>(q, 'password_sign_in_read', PASSWORD_SIGN_IN_SQL, [
    normalised,
    unknownAccountKey(normalised),
    FREE_FAILURES,
    MAX_DELAY_S,
    ip.key,
    ip.windowS,
    ip.offset,
  ]);
  const r = row!;
  return {
    user: r.id
      ? {
          id: r.id,
          tenantId: r.tenant_id,
          email: r.email,
          permissions: r.permissions,
          totpEnabled: r.totp_enabled,
          passwordHash: r.password_hash,
          disabled: r.disabled,
          status: r.status,
          passkeyPolicy: { required: r.require_phishing_resistant === true, hasPasskey: r.has_passkey === true },
        }
      : null,
    lock: r.failures === null ? null : { failures: r.failures, wait: r.wait },
    ipWait: r.ip_wait ? Math.max(1, r.ip_wait) : 0,
  };
}
