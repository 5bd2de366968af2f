import { HttpError } from '../../contracts';
import type { JobQueue } from '../../queue';

/**
 * What the Administration jobs page shows a tenant: every queue's counts (its own jobs and the
 * system's) with its name in words, and one page of its own failed jobs (a system job's error may name other tenants' data).
 */
export async function jobOverview(queue: JobQueue, tenantId: string, page: { page: number; size: number }) {
  const [queues, failed] = await Promise.all([
    queue.counts({ tenantId }),
    queue.failurePage({ tenantId, limit: page.size, offset: page.page * page.size }),
  ]);
  return {
    queues: queues.map((counts) => ({ ...counts, label: queue.queueLabel(counts.queue) })),
    failed: {
      items: failed.items.map(({ tenantId: _tenant, ...job }) => ({ ...job, queueLabel: queue.queueLabel(job.queue) })),
      total: failed.total,
      page: page.page,
      size: page.size,
    },
  };
}

/** Queues one of the tenant's failed jobs again for one more attempt; returns its queue (for the audit entry). */
export async function retryFailedJob(queue: JobQueue, tenantId: string, jobId: string): Promise<string> {
  const { outcome, queue: name } = await queue.retry(jobId, { tenantId });
  if (outcome === 'not-found') throw new HttpError(404, 'The job does not exist.');
  if (outcome === 'not-failed') throw new HttpError(409, 'The job has not failed: it is waiting, running or done.');
  if (outcome === 'duplicate') throw new HttpError(409, 'The same work is already queued: it runs shortly.');
  return name!;
}
