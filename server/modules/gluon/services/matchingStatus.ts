import type { Queryable } from '../../../contracts';
import { iso, type Stamp } from '../../../db/sqlRows';
import type { MatchingStatus } from '../schemas';

export const MATCHING_STATES = ['idle', 'queued', 'running', 'done', 'failed'] as const;
export type MatchingState = (typeof MATCHING_STATES)[number];

/**
 * Where the tenant's latest "match stored observations again" (a tenant-wide rescan job, queued by
 * a rule-set import, enable or suppression) stands. A job still waiting or running wins over a
 * newer finished one. Its progress is read from the rescan inspections it wrote (one per device)
 * since it was queued: a device rescan asked for on a device page in the same minutes counts too,
 * which only makes the count run ahead by that device.
 */
export async function matchingStatus(q: Queryable, tenantId: string): Promise<MatchingStatus> {
  // One statement: the job's own timestamps bound its inspections (a JS Date would cut microseconds).
  const [job] = await q.query<{
    status: 'queued' | 'running' | 'done' | 'failed';
    error: string | null;
    created_at: Stamp;
    finished_at: Stamp;
    devices: number;
    fresh: number;
  }>(
    `WITH job AS (
       SELECT status, error, created_at, finished_at FROM gluon_jobs
       WHERE tenant_id = $1 AND kind = 'rescan' AND device_id IS NULL
       ORDER BY (status IN ('queued', 'running')) DESC, (status = 'running') DESC, created_at DESC LIMIT 1)
     SELECT job.*,
       (SELECT count(DISTINCT n.device_id)::int FROM gluon_inspections n
         WHERE n.tenant_id = $1 AND n.origin IN ('rescan', 'rematch') AND n.created_at >= job.created_at AND (job.finished_at IS NULL OR n.created_at <= job.finished_at)) AS devices,
       (SELECT coalesce(sum(n.new_finding_count), 0)::int FROM gluon_inspections n
         WHERE n.tenant_id = $1 AND n.origin IN ('rescan', 'rematch') AND n.created_at >= job.created_at AND (job.finished_at IS NULL OR n.created_at <= job.finished_at)) AS fresh
     FROM job`,
    [tenantId],
  );
  const [devices] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM gluon_devices WHERE tenant_id = $1', [
    tenantId,
  ]);
  const total = devices?.n ?? 0;
  if (!job)
    return {
      state: 'idle',
      queuedAt: null,
      finishedAt: null,
      devicesDone: 0,
      devicesTotal: total,
      newFindings: 0,
      error: null,
    };
  return {
    state: job.status,
    queuedAt: iso(job.created_at),
    finishedAt: iso(job.finished_at),
    devicesDone: Math.min(job.devices, total),
    devicesTotal: total,
    newFindings: job.fresh,
    error: job.error,
  };
}
