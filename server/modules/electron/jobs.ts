import type { FastifyBaseLogger } from 'fastify';

import type { Database } from '../../contracts';
import type { JobQueue } from '../../queue';
import type { FileStorage } from '../gluon/public';
import { ELECTRON_INSPECT_QUEUE, type ElectronInspectJobData } from './services/archives';
import { runElectronInspectJob } from './services/inspectArchive';

/** What a job that threw shows (the cause is logged, never shown). */
const UNEXPECTED_ERROR = 'The inspection failed unexpectedly.';

/**
 * Electron's worker on the job queue (`electron.inspect`), beside gluon's: registered where
 * GLUON_WORKER is on. A job that throws is retried; the last failure fails the inspection.
 */
export function registerElectronJobs(
  queue: JobQueue,
  deps: { db: Database; storage: FileStorage; log: FastifyBaseLogger },
): void {
  const { db, storage, log } = deps;
  queue.work<ElectronInspectJobData>(
    ELECTRON_INSPECT_QUEUE,
    async (job) => {
      try {
        await runElectronInspectJob(db, storage, { data: job.data, holds: (q) => queue.holdsClaim(q, job) });
      } catch (error) {
        log.error({ err: error, job: job.id, inspection: job.data.inspectionId }, 'electron inspection failed');
        throw new Error(UNEXPECTED_ERROR);
      }
    },
    {
      expiredError: (attempts) => `The inspection stopped ${attempts} times; it was not retried.`,
      onFailed: async (job, error) => {
        const { inspectionId } = job.data as ElectronInspectJobData;
        await db.query(
          "UPDATE gluon_inspections SET status = 'failed', error = $2, finished_at = now() WHERE id = $1 AND status <> 'done'",
          [inspectionId, error],
        );
      },
    },
  );
}
