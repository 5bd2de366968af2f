import type { Queryable } from '../../../contracts';
import type { MatchingStatus } from '../schemas';
import { type GluonJobs, jobStatus, latestTenantRematch } from './jobs';

export const MATCHING_STATES = ['idle', 'queued', 'running', 'done', 'failed'] as const;
export type MatchingState = (typeof MATCHING_STATES)[number];

/**
 * Where the tenant's latest "match stored observations again" (a tenant-wide rescan job, queued by
 * a rule-set import, enable or suppression) stands. A job still waiting or running wins over a
 * newer finished one (jobs.ts, over the job queue). Its progress is read from the rescan inspections it wrote (one per device)
 * since it was queued: a device rescan asked for on a device page in the same minutes counts too,
 * which only makes the count run ahead by that device.
 */
export async function matchingStatus(q: Queryable, jobs: GluonJobs, tenantId: string): Promise<MatchingStatus> {
  const job = await latestTenantRematch(jobs, tenantId);
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
  const state = jobStatus(job.state);
  const finishedAt = state === 'done' || state === 'failed' ? job.finishedAt : null;
  // The queue's times are the process clock's (milliseconds) and the inspections' the database's
  // (microseconds, the transaction's start): the bounds are widened by a millisecond each way.
  const [progress] = await q.query<{ devices: number; fresh: number }>(
    `SELECT count(DISTINCT n.device_id)::int AS devices, coalesce(sum(n.new_finding_count), 0)::int AS fresh
     FROM gluon_inspections n
     WHERE n.tenant_id = $1 AND n.origin IN ('rescan', 'rematch')
       AND n.created_at >= $2::timestamptz - interval '1 millisecond'
       AND ($3::timestamptz IS NULL OR n.created_at <= $3::timestamptz + interval '1 millisecond')`,
    [tenantId, job.createdAt, finishedAt],
  );
  return {
    state,
    queuedAt: job.createdAt,
    finishedAt,
    devicesDone: Math.min(progress?.devices ?? 0, total),
    devicesTotal: total,
    newFindings: progress?.fresh ?? 0,
    error: state === 'failed' ? job.error : null,
  };
}
