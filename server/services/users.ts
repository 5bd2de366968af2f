import type { AuthUser, Queryable } from '../contracts';
import type { UserView } from '../schemas';

/** A users row as the services read it. */
export interface UserRow {
  id: string;
  tenant_id: string;
  email: string;
  password_hash: string | null;
  permissions: string[];
  status: 'invited' | 'active';
  disabled: boolean;
  allowed_login_methods: string[];
  totp_enabled: boolean;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_last_step: number | null;
  failed_logins: number;
  last_failed_login_at: Date | null;
  failed_mfa: number;
  last_failed_mfa_at: Date | null;
}

export function userView(user: Pick<UserRow, 'email' | 'totp_enabled'>): UserView {
  return authUserView({ email: user.email, totpEnabled: user.totp_enabled });
}

export function authUserView(user: Pick<AuthUser, 'email' | 'totpEnabled'>): UserView {
  return { username: user.email, email: user.email, totpEnabled: user.totpEnabled };
}

/** The part of a users row that sign-in answers and sessions need (as authentication reads it). */
export function authUserOf(user: UserRow): AuthUser {
  return {
    id: user.id,
    tenantId: user.tenant_id,
    email: user.email,
    permissions: user.permissions,
    totpEnabled: user.totp_enabled,
  };
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(q: Queryable, email: string): Promise<UserRow | null> {
  const [row] = await q.query<UserRow>('SELECT * FROM users WHERE email = $1', [normaliseEmail(email)]);
  return row ?? null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

export async function findUserById(q: Queryable, id: string): Promise<UserRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await q.query<UserRow>('SELECT * FROM users WHERE id = $1', [id]);
  return row ?? null;
}

/**
 * Every permission the console's products declare (spec §6), each in its widest mode: the first
 * administrator of a tenant holds them all, so (granting by mode, common/permissions/grants.ts)
 * they can grant every permission in every mode. `GET /um/permissions` answers this list as the
 * permission editor's grid.
 */
export const ALL_PERMISSIONS: readonly string[] = [
  'gln#rpt#rw',
  'gln#cfg#rw',
  'gln#fl#rw',
  'gln#upl#rw',
  'gln#ext#rw',
  'gln#cre#r',
  'gln#pre#r',
  'gln#rsn#r',
  // Basic uploader (spec §6): without them nobody could create one.
  'gln#suv#r',
  'gln#sdv#r',
  'gln#pdv#r',
  'elc#rpt#rw',
  'elc#cfg#rw',
  // Electron's Aftermath uploads.
  'elc#upl#rw',
  'ntr#rpt#rw',
  'ntr#cfg#rw',
  // Neutrino's fleet threat hunting: r hunts, rw saves hunts.
  'ntr#hnt#rw',
  'mnt#cfg#rw',
  'mnt#rpt#rw',
  'mnt#rsc#w',
  'umg#usr#rw',
  // Runtime plugins: r lists them, rw installs and removes them.
  'umg#plg#rw',
];
