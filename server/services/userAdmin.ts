import { HttpError, type Queryable } from '../contracts';
import { deleteRecoveryCodes } from './recoveryCodes';
import { forgetDevices } from './rememberedDevices';
import { isUuid } from './users';

/**
 * Tenant-scoped user administration. Every function takes the caller's tenant and treats a
 * user of another tenant exactly like a missing one (404), so ids reveal nothing across tenants.
 */

export const USER_NOT_FOUND = 'The user does not exist.';

export interface AdminUserView {
  id: string;
  email: string;
  permissions: string[];
  status: 'invited' | 'active';
  disabled: boolean;
  totpEnabled: boolean;
  allowedLoginMethods: string[];
  createdAt: string;
  lastLoginAt: string | null;
}

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
}

const USER_COLUMNS = 'id, email, permissions, status, disabled, totp_enabled, allowed_login_methods, created_at, last_login_at';
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
  };
}

/** `%term%` for ILIKE with the pattern characters of the term escaped. */
export function likePattern(term: string | undefined): string | null {
  return term ? `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
}

export interface PageQuery {
  page: number;
  size: number;
}

export async function listTenantUsers(q: Queryable, tenantId: string, query: PageQuery & { search?: string | undefined }): Promise<{ items: AdminUserView[]; total: number }> {
  const pattern = likePattern(query.search);
  const where = 'tenant_id = $1 AND ($2::text IS NULL OR email ILIKE $2)';
  const [rows, count] = await Promise.all([
    q.query<AdminUserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE ${where} ORDER BY email LIMIT $3 OFFSET $4`, [tenantId, pattern, query.size, query.page * query.size]),
    q.query<{ n: string | number }>(`SELECT count(*) AS n FROM users WHERE ${where}`, [tenantId, pattern]),
  ]);
  return { items: rows.map(adminUserView), total: Number(count[0]?.n ?? 0) };
}

export async function getTenantUser(q: Queryable, tenantId: string, userId: string): Promise<AdminUserView> {
  if (!isUuid(userId)) throw new HttpError(404, USER_NOT_FOUND);
  const [row] = await q.query<AdminUserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1 AND tenant_id = $2`, [userId, tenantId]);
  if (!row) throw new HttpError(404, USER_NOT_FOUND);
  return adminUserView(row);
}

async function updateTenantUser(q: Queryable, tenantId: string, userId: string, set: string, params: unknown[]): Promise<AdminUserView> {
  const [row] = await q.query<AdminUserRow>(
    `UPDATE users SET ${set}, updated_at = now() WHERE id = $1 AND tenant_id = $2 RETURNING ${USER_COLUMNS}`,
    [userId, tenantId, ...params],
  );
  if (!row) throw new HttpError(404, USER_NOT_FOUND);
  return adminUserView(row);
}

export function setUserPermissions(q: Queryable, tenantId: string, userId: string, permissions: readonly string[]): Promise<AdminUserView> {
  return updateTenantUser(q, tenantId, userId, 'permissions = $3', [[...new Set(permissions)]]);
}

/** Enabling also clears the lockout counters: an administrator vouching for the account is the
 *  documented way out of the hard lock after 100 consecutive failures. */
export function setUserDisabled(q: Queryable, tenantId: string, userId: string, disabled: boolean): Promise<AdminUserView> {
  const clearLockout = disabled ? '' : ', failed_logins = 0, failed_mfa = 0';
  return updateTenantUser(q, tenantId, userId, `disabled = $3${clearLockout}`, [disabled]);
}

/** Turns MFA off: secret, pending set-up, replay step, recovery codes and remembered devices go. */
export async function resetUserMfa(q: Queryable, tenantId: string, userId: string): Promise<AdminUserView> {
  const user = await updateTenantUser(q, tenantId, userId, 'totp_enabled = false, totp_secret = NULL, totp_pending_secret = NULL, totp_last_step = NULL, failed_mfa = 0', []);
  await deleteRecoveryCodes(q, userId);
  await forgetDevices(q, userId);
  return user;
}

/** Deletes the user; sessions, identities, codes and invitations go with it (ON DELETE CASCADE). */
export async function deleteTenantUser(q: Queryable, tenantId: string, userId: string): Promise<AdminUserView> {
  const user = await getTenantUser(q, tenantId, userId);
  await q.query('DELETE FROM users WHERE id = $1 AND tenant_id = $2', [userId, tenantId]);
  return user;
}

export interface SessionView {
  id: string;
  provider: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  ip: string | null;
  userAgent: string | null;
}

/** Live sessions (not revoked, not past the absolute limit) of a user of the tenant, newest first. */
export async function listUserSessions(q: Queryable, tenantId: string, userId: string): Promise<SessionView[]> {
  await getTenantUser(q, tenantId, userId);
  const rows = await q.query<{ id: string; provider: string; created_at: Date; last_seen_at: Date; expires_at: Date; ip: string | null; user_agent: string | null }>(
    `SELECT id, provider, created_at, last_seen_at, expires_at, ip, user_agent FROM sessions
      WHERE user_id = $1 AND tenant_id = $2 AND revoked_at IS NULL AND expires_at > now() ORDER BY created_at DESC`,
    [userId, tenantId],
  );
  return rows.map((r) => ({
    id: r.id,
    provider: r.provider,
    createdAt: iso(r.created_at),
    lastSeenAt: iso(r.last_seen_at),
    expiresAt: iso(r.expires_at),
    ip: r.ip,
    userAgent: r.user_agent,
  }));
}

/** Revokes one live session of a user of the tenant; 404 when there is none with that id. */
export async function revokeUserSession(q: Queryable, tenantId: string, userId: string, sessionId: string): Promise<void> {
  if (!isUuid(sessionId)) throw new HttpError(404, 'The session does not exist.');
  await getTenantUser(q, tenantId, userId);
  const rows = await q.query('UPDATE sessions SET revoked_at = now() WHERE id = $1 AND user_id = $2 AND tenant_id = $3 AND revoked_at IS NULL RETURNING id', [
    sessionId,
    userId,
    tenantId,
  ]);
  if (rows.length === 0) throw new HttpError(404, 'The session does not exist.');
}

export interface AuditEventView {
  id: string;
  action: string;
  actorId: string | null;
  actorEmail: string | null;
  target: string | null;
  details: Record<string, unknown>;
  ip: string | null;
  createdAt: string;
}

/** The tenant's audit log, newest first; `action` filters by prefix (e.g. 'user.'). */
export async function listAuditEvents(q: Queryable, tenantId: string, query: PageQuery & { action?: string | undefined }): Promise<{ items: AuditEventView[]; total: number }> {
  const prefix = query.action ? `${query.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = 'e.tenant_id = $1 AND ($2::text IS NULL OR e.action LIKE $2)';
  const [rows, count] = await Promise.all([
    q.query<{ id: string; action: string; actor_id: string | null; actor_email: string | null; target: string | null; details: unknown; ip: string | null; created_at: Date }>(
      `SELECT e.id, e.action, e.actor_id, u.email AS actor_email, e.target, e.details, e.ip, e.created_at
         FROM audit_events e LEFT JOIN users u ON u.id = e.actor_id
        WHERE ${where} ORDER BY e.created_at DESC, e.id LIMIT $3 OFFSET $4`,
      [tenantId, prefix, query.size, query.page * query.size],
    ),
    q.query<{ n: string | number }>(`SELECT count(*) AS n FROM audit_events e WHERE ${where}`, [tenantId, prefix]),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      action: r.action,
      actorId: r.actor_id,
      actorEmail: r.actor_email,
      target: r.target,
      details: (typeof r.details === 'string' ? JSON.parse(r.details) : (r.details ?? {})) as Record<string, unknown>,
      ip: r.ip,
      createdAt: iso(r.created_at),
    })),
    total: Number(count[0]?.n ?? 0),
  };
}
