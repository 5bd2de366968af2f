import { type Database, HttpError, type Queryable } from '../../../contracts';
import { existingDeviceIds } from '../../gluon/public';
import type { DeviceGroupView } from '../schemas';

/** A device group / watch list (monitoring resource, mnt#rsc#w), with its devices, in one transaction. */
export async function createDeviceGroup(
  db: Database,
  tenantId: string,
  input: { name: string; watched: boolean; deviceIds: readonly string[] },
): Promise<string> {
  return db.tx((q) => insertDeviceGroup(q, tenantId, input));
}

async function insertDeviceGroup(
  q: Queryable,
  tenantId: string,
  input: { name: string; watched: boolean; deviceIds: readonly string[] },
): Promise<string> {
  const ids = [...new Set(input.deviceIds)];
  if ((await existingDeviceIds(q, tenantId, ids)).size !== ids.length)
    throw new HttpError(400, 'A device of the group does not exist.');
  const [row] = await q.query<{ id: string }>(
    'INSERT INTO monitoring_device_groups (tenant_id, name, watched) VALUES ($1, $2, $3) ON CONFLICT (tenant_id, name) DO NOTHING RETURNING id',
    [tenantId, input.name.trim(), input.watched],
  );
  if (!row) throw new HttpError(409, 'A device group of that name exists.');
  await setGroupDevices(q, tenantId, row.id, input.deviceIds);
  return row.id;
}

/** Replaces a group's devices (only the tenant's own devices are taken). */
export async function setGroupDevices(
  q: Queryable,
  tenantId: string,
  groupId: string,
  deviceIds: readonly string[],
): Promise<void> {
  await q.query('DELETE FROM monitoring_device_group_members WHERE group_id = $1', [groupId]);
  const known = await existingDeviceIds(q, tenantId, deviceIds);
  if (known.size === 0) return;
  await q.query('INSERT INTO monitoring_device_group_members (group_id, device_id) SELECT $1, unnest($2::uuid[])', [
    groupId,
    [...known],
  ]);
}

export async function listDeviceGroups(q: Queryable, tenantId: string): Promise<DeviceGroupView[]> {
  const rows = await q.query<{ id: string; name: string; watched: boolean; device_ids: string[] | null }>(
    `SELECT g.id, g.name, g.watched, array_remove(array_agg(m.device_id ORDER BY m.device_id), NULL)::text[] AS device_ids
       FROM monitoring_device_groups g LEFT JOIN monitoring_device_group_members m ON m.group_id = g.id
      WHERE g.tenant_id = $1 GROUP BY g.id ORDER BY g.name`,
    [tenantId],
  );
  return rows.map((r) => ({ id: r.id, name: r.name, watched: r.watched, deviceIds: r.device_ids ?? [] }));
}

export async function deleteDeviceGroup(q: Queryable, tenantId: string, id: string): Promise<boolean> {
  return (
    (
      await q.query('DELETE FROM monitoring_device_groups WHERE id = $1 AND tenant_id = $2 RETURNING id', [
        id,
        tenantId,
      ])
    ).length > 0
  );
}
