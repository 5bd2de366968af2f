import type { Database, Queryable } from '../../../contracts';
import type { RescanJob } from '../schemas';

export type JobKind = 'inspect' | 'rescan';

export interface Job {
  id: string;
  tenantId: string;
  kind: JobKind;
  inspectionId: string | null;
  deviceId: string | null;
  attempts: number;
  claimedBy: string;
}

/** A job is tried this many times; a job that keeps killing its worker ends failed. */
export const MAX_ATTEMPTS = 3;

export async function enqueueJob(
  q: Queryable,
  job: { tenantId: string; kind: JobKind; inspectionId?: string | null; deviceId?: string | null },
): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    'INSERT INTO gluon_jobs (tenant_id, kind, inspection_id, device_id) VALUES ($1, $2, $3, $4) RETURNING id',
    [job.tenantId, job.kind, job.inspectionId ?? null, job.deviceId ?? null],
  );
  return row!.id;
}

/** A tenant-wide rescan, unless one is already waiting (it will see this change too). */
export async function enqueueTenantRescan(q: Queryable, tenantId: string): Promise<void> {
  const [waiting] = await q.query(
    "SELECT 1 FROM gluon_jobs WHERE tenant_id = $1 AND kind = 'rescan' AND device_id IS NULL AND status = 'queued' LIMIT 1",
    [tenantId],
  );
  if (!waiting) await enqueueJob(q, { tenantId, kind: 'rescan' });
}

/**
 * Claims the oldest waiting job, or a running one whose worker stopped beating for `staleSeconds`
 * (a crash or a restart). `FOR UPDATE SKIP LOCKED` lets several API instances claim side by side,
 * each job going to exactly one of them.
 */
export async function claimJob(db: Database, workerId: string, staleSeconds: number): Promise<Job | null> {
  // Jobs that used every attempt fail here rather than being claimed forever.
  // Its inspection fails with it, so the console does not show it running forever.
  await db.query(
    `WITH failed AS (
       UPDATE gluon_jobs SET status = 'failed', error = 'The inspection stopped ' || attempts || ' times; it was not retried.', finished_at = now()
       WHERE status = 'running' AND heartbeat_at < now() - make_interval(secs => $1) AND attempts >= $2
       RETURNING inspection_id, error)
     UPDATE gluon_inspections n SET status = 'failed', error = failed.error, finished_at = now()
     FROM failed WHERE n.id = failed.inspection_id AND n.status <> 'done'`,
    [staleSeconds, MAX_ATTEMPTS],
  );
  const [row] = await db.query<{
    id: string;
    tenant_id: string;
    kind: JobKind;
    inspection_id: string | null;
    device_id: string | null;
    attempts: number;
  }>(
    `UPDATE gluon_jobs SET status = 'running', claimed_by = $1, heartbeat_at = now(), attempts = attempts + 1
     WHERE id = (
       SELECT id FROM gluon_jobs
       WHERE status = 'queued' OR (status = 'running' AND heartbeat_at < now() - make_interval(secs => $2) AND attempts < $3)
       ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
     RETURNING id, tenant_id, kind, inspection_id, device_id, attempts`,
    [workerId, staleSeconds, MAX_ATTEMPTS],
  );
  if (!row) return null;
  return {
    id: row.id,
    tenantId: row.tenant_id,
    kind: row.kind,
    inspectionId: row.inspection_id,
    deviceId: row.device_id,
    attempts: row.attempts,
    claimedBy: workerId,
  };
}

/** Still ours? Locks the job row for the finishing transaction; false when another worker took it over. */
export async function holdClaim(q: Queryable, job: Job): Promise<boolean> {
  const rows = await q.query(
    "SELECT 1 FROM gluon_jobs WHERE id = $1 AND status = 'running' AND claimed_by = $2 AND attempts = $3 FOR UPDATE",
    [job.id, job.claimedBy, job.attempts],
  );
  return rows.length > 0;
}

export async function heartbeat(q: Queryable, job: Job): Promise<void> {
  await q.query(
    "UPDATE gluon_jobs SET heartbeat_at = now() WHERE id = $1 AND claimed_by = $2 AND attempts = $3 AND status = 'running'",
    [job.id, job.claimedBy, job.attempts],
  );
}

export async function finishJob(q: Queryable, job: Job, error: string | null = null): Promise<void> {
  await q.query(
    'UPDATE gluon_jobs SET status = $4, error = $5, finished_at = now() WHERE id = $1 AND claimed_by = $2 AND attempts = $3',
    [job.id, job.claimedBy, job.attempts, error ? 'failed' : 'done', error],
  );
}

/** The device's latest rescan job (its own, not a tenant-wide one), which the device page follows to its end. */
export async function latestDeviceRescan(q: Queryable, tenantId: string, deviceId: string): Promise<RescanJob | null> {
  const [row] = await q.query<{
    id: string;
    status: RescanJob['status'];
    error: string | null;
    created_at: Date | string;
    finished_at: Date | string | null;
  }>(
    "SELECT id, status, error, created_at, finished_at FROM gluon_jobs WHERE tenant_id = $1 AND device_id = $2 AND kind = 'rescan' ORDER BY created_at DESC LIMIT 1",
    [tenantId, deviceId],
  );
  if (!row) return null;
  return {
    id: row.id,
    status: row.status,
    error: row.error,
    createdAt: new Date(row.created_at).toISOString(),
    finishedAt: row.finished_at === null ? null : new Date(row.finished_at).toISOString(),
  };
}
