import type { Database, Queryable } from '../../contracts';
import { revokeUserSessions } from '../../services/sessions';
import { isUuid, normaliseEmail } from '../../services/users';
import { ScimError } from './scimError';
import { equalityOn, type Filter, matches } from './scimFilter';
import { ENTERPRISE_SCHEMA, type Json, USER_SCHEMA } from './scimResource';

export interface ScimUserRow {
  id: string;
  user_name: string;
  external_id: string | null;
  active: boolean;
  resource: Json | string;
  user_id: string | null;
  version: number;
  created_at: Date | string;
  updated_at: Date | string;
}

const COLUMNS = 'id, user_name, external_id, active, resource, user_id, version, created_at, updated_at';
const NOT_FOUND = 'The user does not exist.';
const iso = (d: Date | string) => new Date(d).toISOString();
/** A userName that is an e-mail address signs in to the console as that address. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The User as SCIM answers it (id, schemas and meta added to the stored attributes). */
export function userResource(row: ScimUserRow, baseUrl: string): Json {
  const attrs = (typeof row.resource === 'string' ? JSON.parse(row.resource) : row.resource) as Json;
  return {
    schemas: attrs[ENTERPRISE_SCHEMA] ? [USER_SCHEMA, ENTERPRISE_SCHEMA] : [USER_SCHEMA],
    id: row.id,
    ...attrs,
    userName: row.user_name,
    active: row.active,
    meta: {
      resourceType: 'User',
      created: iso(row.created_at),
      lastModified: iso(row.updated_at),
      location: `${baseUrl}/Users/${row.id}`,
      version: `W/"${row.version}"`,
    },
  };
}

export async function findScimUser(q: Queryable, tenantId: string, id: string): Promise<ScimUserRow> {
  if (!isUuid(id)) throw new ScimError(404, NOT_FOUND);
  const [row] = await q.query<ScimUserRow>(`SELECT ${COLUMNS} FROM scim_users WHERE id = $1 AND tenant_id = $2`, [
    id,
    tenantId,
  ]);
  if (!row) throw new ScimError(404, NOT_FOUND);
  return row;
}

/**
 * The tenant's provisioned users matching the filter, oldest first. `userName eq` and
 * `externalId eq` (what Entra and Okta ask before every create) read one row by index; other
 * filters are evaluated on the answered resources.
 */
export async function listScimUsers(
  q: Queryable,
  tenantId: string,
  filter: Filter | null,
  baseUrl: string,
): Promise<Json[]> {
  const userName = filter && equalityOn(filter, 'userName');
  const externalId = filter && equalityOn(filter, 'externalId');
  const rows = await q.query<ScimUserRow>(
    `SELECT ${COLUMNS} FROM scim_users WHERE tenant_id = $1
       AND ($2::text IS NULL OR lower(user_name) = lower($2)) AND ($3::text IS NULL OR external_id = $3)
     ORDER BY created_at, id`,
    [tenantId, userName ?? null, externalId ?? null],
  );
  const resources = rows.map((r) => userResource(r, baseUrl));
  return filter ? resources.filter((r) => matches(filter, r)) : resources;
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string }).code === '23505';
}

const TAKEN = (userName: string) =>
  new ScimError(409, `A user with userName '${userName}' already exists.`, 'uniqueness');

/** What happened to the console account, for the audit log. */
export interface ConsoleEffect {
  userId: string | null;
  email: string | null;
  adopted?: boolean;
  deactivated?: boolean;
  reactivated?: boolean;
  revokedSessions?: number;
}

/**
 * The console account of a provisioned user: the existing account of the same e-mail in this
 * tenant is adopted (invited or created by hand before the directory was connected); a new one
 * is created without a password (the user signs in through the tenant's identity provider or
 * sets a password with "Forgot password"). An address used in another tenant is refused.
 */
async function linkConsoleUser(
  q: Queryable,
  tenantId: string,
  userName: string,
  active: boolean,
): Promise<ConsoleEffect> {
  if (!EMAIL.test(userName)) return { userId: null, email: null };
  const email = normaliseEmail(userName);
  const [existing] = await q.query<{ id: string; tenant_id: string; linked: boolean }>(
    `SELECT id, tenant_id, EXISTS (SELECT 1 FROM scim_users s WHERE s.user_id = users.id) AS linked FROM users WHERE email = $1`,
    [email],
  );
  if (existing) {
    if (existing.tenant_id !== tenantId || existing.linked)
      throw new ScimError(409, `The e-mail address '${email}' already belongs to another account.`, 'uniqueness');
    return { userId: existing.id, email, adopted: true };
  }
  const [created] = await q.query<{ id: string }>(
    `INSERT INTO users (tenant_id, email, permissions, status, disabled) VALUES ($1, $2, '{}', 'active', $3) RETURNING id`,
    [tenantId, email, !active],
  );
  return { userId: created!.id, email };
}

/** Applies `active` to the console account: inactive means disabled and every session and refresh ended now. */
async function applyActive(q: Queryable, userId: string | null, active: boolean, effect: ConsoleEffect): Promise<void> {
  if (!userId) return;
  const [row] = await q.query<{ was_disabled: boolean }>(
    `UPDATE users u SET disabled = $2, updated_at = now() FROM (SELECT disabled FROM users WHERE id = $1 FOR UPDATE) old
     WHERE u.id = $1 RETURNING old.disabled AS was_disabled`,
    [userId, !active],
  );
  if (!active) {
    // Sessions live in the database and every request checks them there (LIVE_SESSION), so this
    // ends them on every instance with no message between instances.
    effect.revokedSessions = await revokeUserSessions(q, userId);
    if (row && !row.was_disabled) effect.deactivated = true;
  } else if (row?.was_disabled) {
    effect.reactivated = true;
  }
}

export async function createScimUser(
  db: Database,
  tenantId: string,
  attrs: Json,
): Promise<{ row: ScimUserRow; effect: ConsoleEffect }> {
  const { userName, active, externalId, ...rest } = attrs as Json & { userName: string; active: boolean };
  try {
    return await db.tx(async (q) => {
      const [clash] = await q.query('SELECT 1 FROM scim_users WHERE tenant_id = $1 AND lower(user_name) = lower($2)', [
        tenantId,
        userName,
      ]);
      if (clash) throw TAKEN(userName);
      const effect = await linkConsoleUser(q, tenantId, userName, active);
      if (effect.adopted) await applyActive(q, effect.userId, active, effect);
      const [row] = await q.query<ScimUserRow>(
        `INSERT INTO scim_users (tenant_id, user_name, external_id, active, resource, user_id)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
        [tenantId, userName, externalId ?? null, active, JSON.stringify(rest), effect.userId],
      );
      return { row: row!, effect };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw TAKEN(userName);
    throw error;
  }
}

/** Replaces the user's attributes (PUT, or a PATCH already applied); userName changes move the console e-mail along. */
export async function saveScimUser(
  db: Database,
  tenantId: string,
  id: string,
  attrs: Json,
): Promise<{ row: ScimUserRow; effect: ConsoleEffect }> {
  const { userName, active, externalId, ...rest } = attrs as Json & { userName: string; active: boolean };
  try {
    return await db.tx(async (q) => {
      const before = await findScimUser(q, tenantId, id);
      const effect: ConsoleEffect = { userId: before.user_id, email: null };
      if (userName.toLowerCase() !== before.user_name.toLowerCase()) {
        const [clash] = await q.query(
          'SELECT 1 FROM scim_users WHERE tenant_id = $1 AND lower(user_name) = lower($2) AND id <> $3',
          [tenantId, userName, id],
        );
        if (clash) throw TAKEN(userName);
        if (before.user_id && EMAIL.test(userName)) {
          effect.email = normaliseEmail(userName);
          await q.query('UPDATE users SET email = $2, updated_at = now() WHERE id = $1', [
            before.user_id,
            effect.email,
          ]);
        }
      }
      if (!before.user_id) Object.assign(effect, await linkConsoleUser(q, tenantId, userName, active));
      await applyActive(q, effect.userId, active, effect);
      const [row] = await q.query<ScimUserRow>(
        `UPDATE scim_users SET user_name = $3, external_id = $4, active = $5, resource = $6, user_id = $7,
           version = version + 1, updated_at = now()
         WHERE id = $1 AND tenant_id = $2 RETURNING ${COLUMNS}`,
        [id, tenantId, userName, externalId ?? null, active, JSON.stringify(rest), effect.userId],
      );
      return { row: row!, effect };
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new ScimError(409, `The userName '${userName}' is already in use.`, 'uniqueness');
    throw error;
  }
}

/** The stored attributes with userName, active and externalId, as PATCH edits them. */
export function editableUser(row: ScimUserRow): Json {
  const attrs = (typeof row.resource === 'string' ? JSON.parse(row.resource) : row.resource) as Json;
  return {
    ...attrs,
    userName: row.user_name,
    active: row.active,
    ...(row.external_id ? { externalId: row.external_id } : {}),
  };
}

/**
 * DELETE: the provisioned user and its console account go (sessions, refresh and second factors
 * with it, ON DELETE CASCADE); the audit log keeps what the account did.
 */
export async function deleteScimUser(db: Database, tenantId: string, id: string): Promise<ConsoleEffect> {
  return db.tx(async (q) => {
    const row = await findScimUser(q, tenantId, id);
    const effect: ConsoleEffect = { userId: row.user_id, email: null };
    if (row.user_id) {
      effect.revokedSessions = await revokeUserSessions(q, row.user_id);
      const [user] = await q.query<{ email: string }>(
        'DELETE FROM users WHERE id = $1 AND tenant_id = $2 RETURNING email',
        [row.user_id, tenantId],
      );
      effect.email = user?.email ?? null;
    }
    await q.query('DELETE FROM scim_users WHERE id = $1', [id]);
    return effect;
  });
}
