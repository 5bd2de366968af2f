import { type Database, HttpError, type Queryable, type SessionStore } from '../../contracts';
import { likePattern } from '../../services/listQuery';
import { isUuid } from '../../services/users';
import { HARD_LOCK_FAILURES } from '../auth/public';
import { forgetSecondFactor, TOTP_OFF } from '../auth/public';
import { type CreatedInvitation, createInvitation, type NewInvitation } from '../invitations/public';
import type { AdminUserView, SessionView, USER_SORTS, UserListQuery } from './userSchemas';

/**
 * Tenant-scoped user administration. Every function takes the caller's tenant and treats a
 * user of another tenant exactly like a missing one (404), so ids reveal nothing across tenants.
 */

export const USER_NOT_FOUND = 'The user does not exist.';

interface AdminUserRow {
  id: string;
  email: string;
  permissions: string[];
  status: 'invited' | 'active';
  disabled: boolean;
  totp_enabled: boolean;
  allowed_login_methods: string[];
  created_at: Date | string;
  last_login_at: Date | string | null;
  locked: boolean;
  has_password: boolean;
  identities: string[] | null;
}

const USER_COLUMNS = `id, email, permissions, status, disabled, totp_enabled, allowed_login_methods, created_at, last_login_at,
  (failed_logins >= ${HARD_LOCK_FAILURES} OR failed_mfa >= ${HARD_LOCK_FAILURES}) AS locked,
  (password_hash IS NOT NULL) AS has_password,
  ARRAY(SELECT i.provider FROM user_identities i WHERE i.user_id = users.id ORDER BY i.created_at) AS identities`;
const iso = (d: Date | string): string => new Date(d).toISOString();

export function adminUserView(row: AdminUserRow): AdminUserView {
  return {
    id: row.id,
    email: row.email,
    permissions: row.permissions,
    status: row.status,
    disabled: row.disabled,
    totpEnabled: row.totp_enabled,
    allowedLoginMethods: row.allowed_login_methods,
    createdAt: iso(row.created_at),
    lastLoginAt: row.last_login_at === null ? null : iso(row.last_login_at),
    locked: row.locked,
    identities: [...(row.has_password ? ['password'] : []), ...(row.identities ?? [])],
  };
}

type UserSort = (typeof USER_SORTS)[number];
const SORT_SQL: Record<UserSort, string> = {
  email: 'email',
  // invited, active, then disabled: the order of the status tags.
  status: "(CASE WHEN disabled THEN 2 WHEN status = 'active' THEN 1 ELSE 0 END)",
  totpEnabled: 'totp_enabled',
  lastLoginAt: 'last_login_at',
  createdAt: 'created_at',
};

export async function listTenantUsers(
  q: Queryable,
  tenantId: string,
  query: UserListQuery,
): Promise<{ items: AdminUserView[]; total: number }> {
  const pattern = likePattern(query.search);
  const where = 'tenant_id = $1 AND ($2::text IS NULL OR email ILIKE $2)';
  const direction = query.order === 'desc' ? 'DESC' : 'ASC';
  // Never-signed-in users sort last either way: "no date" is not the oldest date.
  const orderBy = `${SORT_SQL[query.sort ?? 'email']} ${direction} NULLS LAST, email ${direction}`;
  const [rows, count] = await Promise.all([
    q.query<AdminUserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE ${where} ORDER BY ${orderBy} LIMIT $3 OFFSET $4`, [
      tenantId,
      pattern,
      query.size,
      query.page * query.size,
    ]),
    q.query<{ n: string | number }>(`SELECT count(*) AS n FROM users WHERE ${where}`, [tenantId, pattern]),
  ]);
  return { items: rows.map(adminUserView), total: Number(count[0]?.n ?? 0) };
}

export async function getTenantUser(q: Queryable, tenantId: string, userId: string): Promise<AdminUserView> {
  if (!isUuid(userId)) throw new HttpError(404, USER_NOT_FOUND);
  const [row] = await q.query<AdminUserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1 AND tenant_id = $2`, [
    userId,
    tenantId,
  ]);
  if (!row) throw new HttpError(404, USER_NOT_FOUND);
  return adminUserView(row);
}

async function updateTenantUser(
  q: Queryable,
  tenantId: string,
  userId: string,
  set: string,
  params: unknown[],
): Promise<AdminUserView> {
  const [row] = await q.query<AdminUserRow>(
    `UPDATE users SET ${set}, updated_at = now() WHERE id = $1 AND tenant_id = $2 RETURNING ${USER_COLUMNS}`,
    [userId, tenantId, ...params],
  );
  if (!row) throw new HttpError(404, USER_NOT_FOUND);
  return adminUserView(row);
}

export function setUserPermissions(
  q: Queryable,
  tenantId: string,
  userId: string,
  permissions: readonly string[],
): Promise<AdminUserView> {
  return updateTenantUser(q, tenantId, userId, 'permissions = $3', [[...new Set(permissions)]]);
}

/** Enabling also clears the lockout counters: an administrator vouching for the account is the
 *  documented way out of the hard lock after 100 consecutive failures. */
export function setUserDisabled(
  q: Queryable,
  tenantId: string,
  userId: string,
  disabled: boolean,
): Promise<AdminUserView> {
  const clearLockout = disabled ? '' : ', failed_logins = 0, failed_mfa = 0';
  return updateTenantUser(q, tenantId, userId, `disabled = $3${clearLockout}`, [disabled]);
}

/** Invites a user into the tenant (one transaction) and answers the invited user as the admin list shows it. */
export async function inviteTenantUser(
  db: Database,
  invitation: NewInvitation,
): Promise<{ user: AdminUserView; created: CreatedInvitation }> {
  const created = await db.tx((q) => createInvitation(q, invitation));
  return { user: await getTenantUser(db, invitation.tenantId, created.userId), created };
}

/** 409 for an account that already accepted its invitation. */
function assertInvited(user: AdminUserView): void {
  if (user.status !== 'invited') throw new HttpError(409, 'The user has already accepted the invitation.');
}

/**
 * A new link for a pending invitation (same permissions and methods); the earlier link stops
 * working. `pending` is the user as getTenantUser read it (the caller checks who may resend first).
 */
export async function resendInvitation(
  db: Database,
  pending: AdminUserView,
  tenantId: string,
  invitedBy: string,
): Promise<{ user: AdminUserView; created: CreatedInvitation }> {
  assertInvited(pending);
  return inviteTenantUser(db, {
    tenantId,
    email: pending.email,
    permissions: pending.permissions,
    allowedLoginMethods: pending.allowedLoginMethods,
    invitedBy,
  });
}

/** Revokes a pending invitation: the invited (never activated) user and its links go. */
export function revokeInvitation(db: Database, tenantId: string, userId: string): Promise<AdminUserView> {
  return db.tx(async (q) => {
    const user = await getTenantUser(q, tenantId, userId);
    assertInvited(user);
    await q.query("DELETE FROM users WHERE id = $1 AND tenant_id = $2 AND status = 'invited'", [userId, tenantId]);
    return user;
  });
}

/** Turns MFA off (one transaction): secret, pending set-up, replay step, recovery codes and remembered devices go. */
export function resetUserMfa(db: Database, tenantId: string, userId: string): Promise<AdminUserView> {
  return db.tx(async (q) => {
    const user = await updateTenantUser(q, tenantId, userId, `${TOTP_OFF}, failed_mfa = 0`, []);
    await forgetSecondFactor(q, userId);
    return user;
  });
}

/** Deletes the user (one transaction); sessions, identities, codes and invitations go with it (ON DELETE CASCADE). */
export function deleteTenantUser(db: Database, tenantId: string, userId: string): Promise<AdminUserView> {
  return db.tx(async (q) => {
    const user = await getTenantUser(q, tenantId, userId);
    await q.query('DELETE FROM users WHERE id = $1 AND tenant_id = $2', [userId, tenantId]);
    return user;
  });
}

/** Live sessions of a user of the tenant, newest first (the session store's one "live" rule). */
export async function listUserSessions(
  q: Queryable,
  sessions: Pick<SessionStore, 'listLive'>,
  tenantId: string,
  userId: string,
): Promise<SessionView[]> {
  await getTenantUser(q, tenantId, userId);
  const live = await sessions.listLive(tenantId, userId);
  return live.map((s) => ({
    id: s.id,
    provider: s.provider,
    createdAt: iso(s.createdAt),
    lastSeenAt: iso(s.lastSeenAt),
    expiresAt: iso(s.expiresAt),
    ip: s.ip,
    userAgent: s.userAgent,
  }));
}

/** Revokes one not yet revoked session of a user of the tenant; 404 when there is none with that id. */
export async function revokeUserSession(
  q: Queryable,
  sessions: Pick<SessionStore, 'revoke'>,
  tenantId: string,
  userId: string,
  sessionId: string,
): Promise<void> {
  if (!isUuid(sessionId)) throw new HttpError(404, 'The session does not exist.');
  await getTenantUser(q, tenantId, userId);
  if (!(await sessions.revoke(sessionId, { userId, tenantId })))
    throw new HttpError(404, 'The session does not exist.');
}
