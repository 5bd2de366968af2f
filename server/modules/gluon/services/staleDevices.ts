import type { Queryable } from '../../../contracts';
import { iso, type Stamp } from '../../../db/sqlRows';

export interface StaleDeviceItem {
  tenantId: string;
  deviceId: string;
  name: string;
  lastInspectionAt: string;
  /** The same instant in whole milliseconds, rounded by the database (a stable key: the column keeps microseconds). */
  lastInspectionMs: number;
}

/** Devices (of every tenant) last inspected more than `staleDays` before `now` (never inspected: not stale, not yet started). */
export async function staleDevices(q: Queryable, input: { now: Date; staleDays: number }): Promise<StaleDeviceItem[]> {
  const rows = await q.query<{ tenant_id: string; id: string; name: string; last_inspection_at: Stamp; ms: string }>(
    `SELECT tenant_id, id, name, last_inspection_at, (extract(epoch FROM last_inspection_at) * 1000)::bigint::text AS ms FROM gluon_devices
      WHERE last_inspection_at IS NOT NULL AND last_inspection_at < $1::timestamptz - make_interval(days => $2::int) ORDER BY id`,
    [input.now, input.staleDays],
  );
  return rows.map((r) => ({
    tenantId: r.tenant_id,
    deviceId: r.id,
    name: r.name,
    lastInspectionAt: iso(r.last_inspection_at)!,
    lastInspectionMs: Number(r.ms),
  }));
}

/** How many of the tenant's devices are stale by staleDevices' measure. */
export async function staleDeviceCount(
  q: Queryable,
  tenantId: string,
  input: { now: Date; staleDays: number },
): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM gluon_devices WHERE tenant_id = $1 AND last_inspection_at < $2::timestamptz - make_interval(days => $3::int)',
    [tenantId, input.now, input.staleDays],
  );
  return row!.n;
}
