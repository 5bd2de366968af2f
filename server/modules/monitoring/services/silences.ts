import { deviceDisplayName } from '@common/devices/deviceDisplayName';

import { HttpError, type Queryable } from '../../../contracts';
import { deviceNames, existingDeviceIds } from '../../gluon/public';
import type { SilenceView } from '../schemas';

export interface SilenceInput {
  ruleId: string | null;
  deviceId: string | null;
  startsAt: Date;
  endsAt: Date;
  reason: string;
}

/** Mutes a rule, a device, or one rule for one device, for a period, with a reason. */
export async function createSilence(
  q: Queryable,
  tenantId: string,
  input: SilenceInput,
  actorId: string | null,
): Promise<string> {
  if (!input.ruleId && !input.deviceId) throw new HttpError(400, 'A silence mutes a rule or a device.');
  if (!(input.endsAt > input.startsAt)) throw new HttpError(400, 'A silence ends after it starts.');
  if (!input.reason.trim()) throw new HttpError(400, 'A silence needs a reason.');
  if (
    input.ruleId &&
    (await q.query('SELECT 1 FROM monitoring_rules WHERE id = $1 AND tenant_id = $2', [input.ruleId, tenantId]))
      .length === 0
  )
    throw new HttpError(400, 'The rule does not exist.');
  if (input.deviceId && (await existingDeviceIds(q, tenantId, [input.deviceId])).size === 0)
    throw new HttpError(400, 'The device does not exist.');
  const [row] = await q.query<{ id: string }>(
    'INSERT INTO monitoring_silences (tenant_id, rule_id, device_id, starts_at, ends_at, reason, created_by) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id',
    [tenantId, input.ruleId, input.deviceId, input.startsAt, input.endsAt, input.reason.trim(), actorId],
  );
  return row!.id;
}

/** Silences not yet ended by `now`, soonest ending first. */
export async function listSilences(q: Queryable, tenantId: string, now: Date): Promise<SilenceView[]> {
  const rows = await q.query<{
    id: string;
    rule_id: string | null;
    device_id: string | null;
    starts_at: Date;
    ends_at: Date;
    reason: string;
    email: string | null;
  }>(
    `SELECT s.id, s.rule_id, s.device_id, s.starts_at, s.ends_at, s.reason, u.email FROM monitoring_silences s
       LEFT JOIN users u ON u.id = s.created_by
      WHERE s.tenant_id = $1 AND s.ends_at > $2 ORDER BY s.ends_at, s.id`,
    [tenantId, now],
  );
  // The muted devices' names in one call for the whole list.
  const names = await deviceNames(
    q,
    rows.flatMap((r) => (r.device_id ? [r.device_id] : [])),
  );
  return rows.map((r) => ({
    id: r.id,
    ruleId: r.rule_id,
    deviceId: r.device_id,
    deviceName: r.device_id ? (names.get(r.device_id) ?? null) : null,
    deviceDisplayName: r.device_id ? deviceDisplayName(names.get(r.device_id) ?? null) : null,
    startsAt: new Date(r.starts_at).toISOString(),
    endsAt: new Date(r.ends_at).toISOString(),
    reason: r.reason,
    createdBy: r.email,
  }));
}

export async function deleteSilence(q: Queryable, tenantId: string, id: string): Promise<boolean> {
  return (
    (await q.query('DELETE FROM monitoring_silences WHERE id = $1 AND tenant_id = $2 RETURNING id', [id, tenantId]))
      .length > 0
  );
}
