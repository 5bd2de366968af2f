import { PRESETS } from '@common/admin/presets';

import type { Database, Queryable } from '../../contracts';
import { isUuid } from '../../services/users';
import { ScimError } from './scimError';
import { type Filter, matches } from './scimFilter';
import { GROUP_SCHEMA, type Json } from './scimResource';

interface GroupRow {
  id: string;
  display_name: string;
  external_id: string | null;
  version: number;
  created_at: Date | string;
  updated_at: Date | string;
  members: { value: string; display: string }[] | string | null;
}

const NOT_FOUND = 'The group does not exist.';
const iso = (d: Date | string) => new Date(d).toISOString();
const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The preset a group grants: its displayName is the preset's label or id, case, spaces and punctuation aside ("Inspection admin", "inspection-admin"). */
export function presetOfGroup(displayName: string): (typeof PRESETS)[number] | undefined {
  const name = squash(displayName);
  return PRESETS.find((p) => squash(p.label) === name || squash(p.id) === name);
}

const GROUP_SELECT = `SELECT g.id, g.display_name, g.external_id, g.version, g.created_at, g.updated_at,
  (SELECT json_agg(json_build_object('value', u.id, 'display', coalesce(m.display, u.user_name)) ORDER BY u.created_at, u.id)
     FROM scim_group_members m JOIN scim_users u ON u.id = m.scim_user_id WHERE m.group_id = g.id) AS members
  FROM scim_groups g`;

export function groupResource(row: GroupRow, baseUrl: string): Json {
  const members = (typeof row.members === 'string' ? JSON.parse(row.members) : row.members) ?? [];
  return {
    schemas: [GROUP_SCHEMA],
    id: row.id,
    ...(row.external_id ? { externalId: row.external_id } : {}),
    displayName: row.display_name,
    members: (members as { value: string; display: string }[]).map((m) => ({
      value: m.value,
      display: m.display,
      $ref: `${baseUrl}/Users/${m.value}`,
    })),
    meta: {
      resourceType: 'Group',
      created: iso(row.created_at),
      lastModified: iso(row.updated_at),
      location: `${baseUrl}/Groups/${row.id}`,
      version: `W/"${row.version}"`,
    },
  };
}

export async function findScimGroup(q: Queryable, tenantId: string, id: string, baseUrl: string): Promise<Json> {
  if (!isUuid(id)) throw new ScimError(404, NOT_FOUND);
  const [row] = await q.query<GroupRow>(`${GROUP_SELECT} WHERE g.id = $1 AND g.tenant_id = $2`, [id, tenantId]);
  if (!row) throw new ScimError(404, NOT_FOUND);
  return groupResource(row, baseUrl);
}

export async function listScimGroups(
  q: Queryable,
  tenantId: string,
  filter: Filter | null,
  baseUrl: string,
): Promise<Json[]> {
  const rows = await q.query<GroupRow>(`${GROUP_SELECT} WHERE g.tenant_id = $1 ORDER BY g.created_at, g.id`, [
    tenantId,
  ]);
  const resources = rows.map((r) => groupResource(r, baseUrl));
  return filter ? resources.filter((r) => matches(filter, r)) : resources;
}

/**
 * The console permissions of provisioned users follow their groups: the union of the presets
 * their groups name. Run for the users whose memberships (or whose groups' names) changed; a
 * user the directory never put in a group keeps what an administrator gave it.
 */
async function syncPermissions(q: Queryable, tenantId: string, scimUserIds: readonly string[]): Promise<void> {
  if (!scimUserIds.length) return;
  const rows = await q.query<{ user_id: string; groups: string[] | null }>(
    `SELECT u.user_id, ARRAY(SELECT g.display_name FROM scim_group_members m JOIN scim_groups g ON g.id = m.group_id
       WHERE m.scim_user_id = u.id) AS groups
     FROM scim_users u WHERE u.tenant_id = $1 AND u.id = ANY($2::uuid[]) AND u.user_id IS NOT NULL`,
    [tenantId, scimUserIds],
  );
  for (const row of rows) {
    const permissions = new Set<string>();
    for (const name of row.groups ?? []) for (const p of presetOfGroup(name)?.permissions ?? []) permissions.add(p);
    await q.query('UPDATE users SET permissions = $2, updated_at = now() WHERE id = $1 AND tenant_id = $3', [
      row.user_id,
      [...permissions].sort(),
      tenantId,
    ]);
  }
}

/** Member ids that are users provisioned in this tenant; anything else (another tenant's id, a stray string) is ignored. */
async function knownMembers(
  q: Queryable,
  tenantId: string,
  members: readonly Json[],
): Promise<Map<string, string | null>> {
  const displays = new Map<string, string | null>();
  for (const m of members) {
    const id = String(m.value).toLowerCase();
    const display = m.display ?? m.displayName;
    if (isUuid(id)) displays.set(id, typeof display === 'string' ? display.slice(0, 256) : (displays.get(id) ?? null));
  }
  if (!displays.size) return displays;
  const rows = await q.query<{ id: string }>(
    'SELECT id FROM scim_users WHERE tenant_id = $1 AND id = ANY($2::uuid[])',
    [tenantId, [...displays.keys()]],
  );
  const known = new Set(rows.map((r) => r.id));
  for (const id of displays.keys()) if (!known.has(id)) displays.delete(id);
  return displays;
}

export interface GroupChange {
  id: string;
  displayName: string;
  added: string[];
  removed: string[];
}

/** Creates (id null) or replaces a group with exactly these members, and brings its members' permissions along. */
export async function saveScimGroup(
  db: Database,
  tenantId: string,
  id: string | null,
  attrs: Json & { displayName: string; members: Json[] },
): Promise<GroupChange> {
  return db.tx(async (q) => {
    const displays = await knownMembers(q, tenantId, attrs.members);
    const members = [...displays.keys()];
    const externalId = typeof attrs.externalId === 'string' ? attrs.externalId : null;
    let groupId: string;
    let before: string[] = [];
    let renamed = false;
    if (id === null) {
      const [row] = await q.query<{ id: string }>(
        'INSERT INTO scim_groups (tenant_id, display_name, external_id) VALUES ($1, $2, $3) RETURNING id',
        [tenantId, attrs.displayName, externalId],
      );
      groupId = row!.id;
    } else {
      if (!isUuid(id)) throw new ScimError(404, NOT_FOUND);
      const [row] = await q.query<{ id: string; old_name: string }>(
        `UPDATE scim_groups g SET display_name = $3, external_id = $4, version = version + 1, updated_at = now()
         FROM (SELECT display_name FROM scim_groups WHERE id = $1 AND tenant_id = $2 FOR UPDATE) old
         WHERE g.id = $1 AND g.tenant_id = $2 RETURNING g.id, old.display_name AS old_name`,
        [id, tenantId, attrs.displayName, externalId],
      );
      if (!row) throw new ScimError(404, NOT_FOUND);
      groupId = row.id;
      renamed = row.old_name !== attrs.displayName;
      before = (
        await q.query<{ scim_user_id: string }>('SELECT scim_user_id FROM scim_group_members WHERE group_id = $1', [
          groupId,
        ])
      ).map((r) => r.scim_user_id);
    }
    const added = members.filter((m) => !before.includes(m));
    const removed = before.filter((m) => !members.includes(m));
    if (removed.length)
      await q.query('DELETE FROM scim_group_members WHERE group_id = $1 AND scim_user_id = ANY($2::uuid[])', [
        groupId,
        removed,
      ]);
    if (added.length)
      await q.query(
        `INSERT INTO scim_group_members (group_id, scim_user_id, display)
         SELECT $1, id, display FROM unnest($2::uuid[], $3::text[]) AS m (id, display) ON CONFLICT DO NOTHING`,
        [groupId, added, added.map((id) => displays.get(id) ?? null)],
      );
    await syncPermissions(q, tenantId, renamed ? [...new Set([...before, ...added])] : [...added, ...removed]);
    return { id: groupId, displayName: attrs.displayName, added, removed };
  });
}

export async function deleteScimGroup(db: Database, tenantId: string, id: string): Promise<GroupChange> {
  if (!isUuid(id)) throw new ScimError(404, NOT_FOUND);
  return db.tx(async (q) => {
    const members = (
      await q.query<{ scim_user_id: string }>(
        'SELECT m.scim_user_id FROM scim_group_members m JOIN scim_groups g ON g.id = m.group_id WHERE g.id = $1 AND g.tenant_id = $2',
        [id, tenantId],
      )
    ).map((r) => r.scim_user_id);
    const [row] = await q.query<{ display_name: string }>(
      'DELETE FROM scim_groups WHERE id = $1 AND tenant_id = $2 RETURNING display_name',
      [id, tenantId],
    );
    if (!row) throw new ScimError(404, NOT_FOUND);
    await syncPermissions(q, tenantId, members);
    return { id, displayName: row.display_name, added: [], removed: members };
  });
}
