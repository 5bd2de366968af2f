import type { Queryable } from '../../../contracts';
import type { JobInfo, JobQueue, JobState, SendOptions } from '../../../queue';
import { COMPLETED_JOB_RETENTION_DAYS } from '../../../services/housekeeping';
import type { RescanJob } from '../schemas';

/** An upload's (or a collector's) file read, matched and stored: one job per inspection. */
export const INSPECT_QUEUE = 'gluon.inspect';
/** Stored observations matched again: one device's Rescan, or every device's re-match (`rematch`). */
export const RESCAN_QUEUE = 'gluon.rescan';

export interface InspectJobData {
  tenantId: string;
  inspectionId: string;
}

/** Without deviceId: every device of the tenant (a rule-set or suppression change). */
export interface RescanJobData {
  tenantId: string;
  deviceId?: string;
}

/** What gluon's services use of the job queue: sending its jobs and reading them back. */
export type GluonJobs = Pick<JobQueue, 'send' | 'jobsByKey'>;

/**
 * A job whose worker dies (no heartbeat for 60 s: a crash, a restart) is claimed again, three
 * attempts in all; a job that threw is retried after 5 s, then 10 s.
 */
const SEND: SendOptions = { retryLimit: 2, retryDelayMs: 5000, expireSeconds: 60 };

/** The error an inspection or rescan keeps when its worker stopped every time it was tried. */
export const expiredError = (attempts: number): string =>
  `The inspection stopped ${attempts} times; it was not retried.`;

/** What a job that threw shows (the cause is logged, never shown). */
export const UNEXPECTED_ERROR = 'The inspection failed unexpectedly.';

const deviceKey = (deviceId: string) => `rescan:${deviceId}`;
const tenantKey = (tenantId: string) => `rematch:${tenantId}`;

/**
 * Queues an inspection (in the caller's transaction: it exists only if the upload does).
 * `keepHereUntil`: the job needs what this process alone holds (an encrypted backup's password,
 * backupPasswords.ts), so only this instance's worker takes it until then.
 */
export async function enqueueInspection(
  jobs: GluonJobs,
  q: Queryable,
  data: InspectJobData,
  keepHereUntil?: Date,
): Promise<void> {
  await jobs.send(
    INSPECT_QUEUE,
    data,
    {
      ...SEND,
      tenantId: data.tenantId,
      singletonKey: `inspect:${data.inspectionId}`,
      ...(keepHereUntil ? { keepHereUntil } : {}),
    },
    q,
  );
}

/** A device's Rescan, unless one is already waiting (it will read the same observations). */
export async function enqueueDeviceRescan(jobs: GluonJobs, tenantId: string, deviceId: string): Promise<void> {
  await jobs.send(RESCAN_QUEUE, { tenantId, deviceId } satisfies RescanJobData, {
    ...SEND,
    tenantId,
    singletonKey: deviceKey(deviceId),
  });
}

/** A tenant-wide rescan, unless one is already waiting (it will see this change too). */
export async function enqueueTenantRescan(jobs: GluonJobs, tenantId: string): Promise<void> {
  await jobs.send(RESCAN_QUEUE, { tenantId } satisfies RescanJobData, {
    ...SEND,
    tenantId,
    singletonKey: tenantKey(tenantId),
  });
}

/** The queue's states as gluon's pages name them (a job waiting for its retry is queued again). */
export function jobStatus(state: JobState): RescanJob['status'] {
  if (state === 'active') return 'running';
  if (state === 'completed') return 'done';
  if (state === 'failed') return 'failed';
  return 'queued';
}

/** Jobs older than this are left out: completed ones are purged then, and an older failure would show in their place. */
const since = () => new Date(Date.now() - COMPLETED_JOB_RETENTION_DAYS * 86_400_000);

/** The device's latest rescan job (its own, not a tenant-wide one), which the device page follows to its end. */
export async function latestDeviceRescan(
  jobs: GluonJobs,
  tenantId: string,
  deviceId: string,
): Promise<RescanJob | null> {
  const [job] = await jobs.jobsByKey<RescanJobData>(RESCAN_QUEUE, deviceKey(deviceId), { limit: 1, since: since() });
  if (!job || job.data.tenantId !== tenantId) return null;
  const status = jobStatus(job.state);
  return {
    id: job.id,
    status,
    error: status === 'failed' ? job.error : null,
    createdAt: job.createdAt,
    finishedAt: status === 'done' || status === 'failed' ? job.finishedAt : null,
  };
}

/** The tenant's latest re-match: one still waiting or running wins over a newer finished one. */
export async function latestTenantRematch(jobs: GluonJobs, tenantId: string): Promise<JobInfo<RescanJobData> | null> {
  const recent = await jobs.jobsByKey<RescanJobData>(RESCAN_QUEUE, tenantKey(tenantId), { limit: 20, since: since() });
  const rank = (j: JobInfo<RescanJobData>) =>
    j.state === 'active' ? 2 : j.state === 'created' || j.state === 'retry' ? 1 : 0;
  let best: JobInfo<RescanJobData> | null = null;
  for (const job of recent) if (!best || rank(job) > rank(best)) best = job;
  return best;
}
