import { HttpError, type Queryable } from '../../../contracts';

/** A device group / watch list (monitoring resource, mnt#rsc#w). */
export async function createDeviceGroup(q: Queryable, tenantId: string, input: { name: string; watched: boolean; deviceIds: readonly string[] }): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    'INSERT INTO monitoring_device_groups (tenant_id, name, watched) VALUES ($1, $2, $3) ON CONFLICT (tenant_id, name) DO NOTHING RETURNING id',
    [tenantId, input.name.trim(), input.watched],
  );
  if (!row) throw new HttpError(409, 'A device group of that name exists.');
  await setGroupDevices(q, tenantId, row.id, input.deviceIds);
  return row.id;
}

/** Replaces a group's devices (only the tenant's own devices are taken). */
export async function setGroupDevices(q: Queryable, tenantId: string, groupId: string, deviceIds: readonly string[]): Promise<void> {
  await q.query('DELETE FROM monitoring_device_group_members WHERE group_id = $1', [groupId]);
  await q.query(
    `INSERT INTO monitoring_device_group_members (group_id, device_id)
     SELECT $1, d.id FROM gluon_devices d WHERE d.tenant_id = $2 AND d.id = ANY($3::uuid[])`,
    [groupId, tenantId, [...deviceIds]],
  );
}
