import { invitePaths } from '@common/invite/paths';

import { type Database, HttpError, type Queryable } from '../../contracts';
import { hashToken, randomToken } from '../../services/secrets';
import { INVITATION_TTL_S } from '../../services/sessionLimits';
import { normaliseEmail, type UserRow } from '../../services/users';

export interface InvitationRow {
  id: string;
  token_hash: string;
  tenant_id: string;
  user_id: string;
  email: string;
  permissions: string[];
  allowed_login_methods: string[];
  invited_by: string | null;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

export interface NewInvitation {
  tenantId: string;
  email: string;
  permissions: readonly string[];
  /** First one is what the invite page offers: 'JamfAuth0', 'Okta', 'Google', or 'password'. */
  allowedLoginMethods: readonly string[];
  invitedBy?: string | null;
  ttlSeconds?: number;
}

export interface CreatedInvitation {
  invitationId: string;
  userId: string;
  /** The secret of the link (≥256 random bits); only its hash is stored. */
  token: string;
  expiresAt: Date;
}

/** `${PUBLIC_URL}/invite/{token}`. */
export function invitationUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${invitePaths.invitation(token)}`;
}

/**
 * Invites `email`: creates the user in status 'invited' (or refreshes a still-invited one) and
 * a new single-use invitation; earlier open invitations of that user stop working.
 * 409 when an active user already has the address.
 */
export async function createInvitation(q: Queryable, n: NewInvitation): Promise<CreatedInvitation> {
  const email = normaliseEmail(n.email);
  const [existing] = await q.query<UserRow>('SELECT * FROM users WHERE email = $1 FOR UPDATE', [email]);
  if (existing && (existing.status !== 'invited' || existing.tenant_id !== n.tenantId)) {
    throw new HttpError(409, 'A user with this e-mail address already exists');
  }
  let userId: string;
  if (existing) {
    userId = existing.id;
    await q.query('UPDATE users SET permissions = $2, allowed_login_methods = $3, updated_at = now() WHERE id = $1', [
      userId,
      [...n.permissions],
      [...n.allowedLoginMethods],
    ]);
    await q.query(
      'UPDATE invitations SET expires_at = LEAST(expires_at, now()) WHERE user_id = $1 AND used_at IS NULL',
      [userId],
    );
  } else {
    const [row] = await q.query<{ id: string }>(
      `INSERT INTO users (tenant_id, email, permissions, allowed_login_methods, status) VALUES ($1, $2, $3, $4, 'invited') RETURNING id`,
      [n.tenantId, email, [...n.permissions], [...n.allowedLoginMethods]],
    );
    userId = row!.id;
  }
  const token = randomToken(32);
  const [inv] = await q.query<{ id: string; expires_at: Date }>(
    `INSERT INTO invitations (token_hash, tenant_id, user_id, email, permissions, allowed_login_methods, invited_by, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(secs => $8)) RETURNING id, expires_at`,
    [
      hashToken(token),
      n.tenantId,
      userId,
      email,
      [...n.permissions],
      [...n.allowedLoginMethods],
      n.invitedBy ?? null,
      n.ttlSeconds ?? INVITATION_TTL_S,
    ],
  );
  return { invitationId: inv!.id, userId, token, expiresAt: inv!.expires_at };
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,200}$/;

/** The invitation of a link token (any state), or null. `forUpdate` locks the row (inside a transaction). */
export async function findInvitation(q: Queryable, token: string, forUpdate = false): Promise<InvitationRow | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [row] = await q.query<InvitationRow>(
    `SELECT * FROM invitations WHERE token_hash = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [hashToken(token)],
  );
  return row ?? null;
}

export function invitationExpired(inv: InvitationRow): boolean {
  return inv.used_at !== null || inv.expires_at.getTime() <= Date.now();
}

export const INVITATION_NOT_FOUND = 'This invitation does not exist';
export const INVITATION_EXPIRED = 'This invitation has expired';
export const INVITATION_USED = 'This invitation has already been used';

/** 404 unknown, 410 used (single use) or expired: what the invite page shows as its expired view. */
export function assertInvitationOpen(inv: InvitationRow | null): asserts inv is InvitationRow {
  if (!inv) throw new HttpError(404, INVITATION_NOT_FOUND);
  if (inv.used_at !== null) throw new HttpError(410, INVITATION_USED);
  if (inv.expires_at.getTime() <= Date.now()) throw new HttpError(410, INVITATION_EXPIRED);
}

/**
 * Inside a transaction: locks and checks the invitation (404 unknown, 410 used or expired),
 * then activates the invited user and marks it used. The user keeps the permissions the user row
 * holds now: createInvitation wrote the invitation's there, and an administrator may have changed
 * them since (a snapshot taken at invitation time would give back what was taken away).
 * `setUser` runs first on the locked user (e.g. set the password hash, or link the SSO identity).
 */
export async function acceptInvitation(
  q: Queryable,
  token: string,
  setUser: (user: UserRow, inv: InvitationRow) => Promise<void>,
): Promise<{ invitation: InvitationRow; user: UserRow }> {
  const inv = await findInvitation(q, token, true);
  assertInvitationOpen(inv);
  const [user] = await q.query<UserRow>('SELECT * FROM users WHERE id = $1 FOR UPDATE', [inv.user_id]);
  if (!user) throw new HttpError(404, INVITATION_NOT_FOUND);
  await setUser(user, inv);
  const [activated] = await q.query<UserRow>(
    `UPDATE users SET status = 'active', updated_at = now() WHERE id = $1 RETURNING *`,
    [user.id],
  );
  await q.query('UPDATE invitations SET used_at = now() WHERE id = $1', [inv.id]);
  return { invitation: inv, user: activated! };
}

/** Accepts an invitation with a password (hash already computed), in one transaction. */
export async function acceptInvitationWithPassword(
  db: Database,
  token: string,
  passwordHash: string,
): Promise<UserRow> {
  const { user } = await db.tx((q) =>
    acceptInvitation(q, token, async (u) => {
      await q.query('UPDATE users SET password_hash = $2 WHERE id = $1', [u.id, passwordHash]);
    }),
  );
  return user;
}

export const SSO_METHODS = ['JamfAuth0', 'Okta', 'Google'] as const;

/** Whether the invitation allows `method` ('password' = anything that is not an SSO provider). */
export function invitationAllows(inv: Pick<InvitationRow, 'allowed_login_methods'>, method: string): boolean {
  const methods = inv.allowed_login_methods;
  if (methods.length === 0) return method === 'password';
  if (method === 'password') return methods.some((m) => !(SSO_METHODS as readonly string[]).includes(m));
  return methods.includes(method);
}
