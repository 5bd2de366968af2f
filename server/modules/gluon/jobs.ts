import type { FastifyBaseLogger } from 'fastify';

import type { Database } from '../../contracts';
import type { JobQueue, QueueJob } from '../../queue';
import type { FileStorage } from './services/fileStorage';
import {
  type ClaimedJob,
  type InspectOptions,
  runInspectJob,
  type RunnerHooks,
  runRescanJob,
} from './services/inspectionRunner';
import {
  expiredError,
  INSPECT_QUEUE,
  type InspectJobData,
  RESCAN_QUEUE,
  type RescanJobData,
  UNEXPECTED_ERROR,
} from './services/jobs';

export interface GluonWorkDeps {
  db: Database;
  storage: FileStorage;
  log: FastifyBaseLogger;
  /** How inspections read (gluon's config). */
  inspect?: InspectOptions;
  hooks?: RunnerHooks;
}

/**
 * Gluon's workers on the job queue: inspections (`gluon.inspect`) and rescans (`gluon.rescan`).
 * Registered only where GLUON_WORKER is on (index.ts); an instance with it off still sends the
 * jobs, and the instances that work them take them (the queue gives each job to one of them). A
 * worker that dies is replaced after its heartbeat goes stale; a job that throws is retried with
 * backoff; the last failure fails the inspection too, so the console never shows it running.
 */
export function registerGluonJobs(queue: JobQueue, deps: GluonWorkDeps): void {
  const { db, storage, log } = deps;
  const claimed = <T>(job: QueueJob<T>): ClaimedJob<T> => ({
    id: job.id,
    attempts: job.attempts,
    data: job.data,
    holds: (q) => queue.holdsClaim(q, job),
  });

  queue.work<InspectJobData>(
    INSPECT_QUEUE,
    async (job) => {
      try {
        await runInspectJob(db, storage, claimed(job), deps.hooks, deps.inspect);
      } catch (error) {
        log.error({ err: error, job: job.id, inspection: job.data.inspectionId }, 'gluon inspection failed');
        // A retry waits: the inspection shows queued again (unless another instance owns it now).
        if (job.attempts <= job.retryLimit) {
          await db
            .tx(async (q) => {
              if (!(await queue.holdsClaim(q, job))) return;
              await q.query(
                "UPDATE gluon_inspections SET status = 'queued', progress = 0 WHERE id = $1 AND status = 'running'",
                [job.data.inspectionId],
              );
            })
            .catch(() => undefined);
        }
        throw new Error(UNEXPECTED_ERROR);
      }
    },
    {
      expiredError,
      onFailed: async (job, error) => {
        const { inspectionId } = job.data as InspectJobData;
        await db.query(
          "UPDATE gluon_inspections SET status = 'failed', error = $2, finished_at = now() WHERE id = $1 AND status <> 'done'",
          [inspectionId, error],
        );
      },
    },
  );

  queue.work<RescanJobData>(
    RESCAN_QUEUE,
    async (job) => {
      try {
        await runRescanJob(db, claimed(job));
      } catch (error) {
        log.error({ err: error, job: job.id, device: job.data.deviceId ?? null }, 'gluon rescan failed');
        throw new Error(UNEXPECTED_ERROR);
      }
    },
    { expiredError },
  );
}
