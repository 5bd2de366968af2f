import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';

import type { Database } from '../../../contracts';
import type { FileStorage } from './fileStorage';
import { type InspectOptions, runInspectJob, type RunnerHooks, runRescanJob } from './inspectionRunner';
import { claimJob, finishJob, type Job } from './jobs';

export interface WorkerOptions {
  /** Pause between polls of an empty queue. */
  pollMs?: number;
  /** A running job without a heartbeat for this long is claimed again (its worker died). */
  staleSeconds?: number;
  hooks?: RunnerHooks;
  /** How inspections read (gluon's config). */
  inspect?: InspectOptions;
}

/**
 * The in-process worker: claims one job at a time from the database queue and runs it. Several
 * API instances each run one; the queue gives each job to one of them (see jobs.ts).
 */
export class GluonWorker {
  readonly id = `worker-${randomUUID()}`;
  private running = false;
  private timer: NodeJS.Timeout | null = null;
  private current: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private readonly pollMs: number;
  private readonly staleSeconds: number;

  constructor(
    private readonly db: Database,
    private readonly storage: FileStorage,
    private readonly log: FastifyBaseLogger,
    private readonly options: WorkerOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 1000;
    this.staleSeconds = options.staleSeconds ?? 60;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.current = this.loop();
  }

  /** Poll now (a job was just queued by this instance). */
  kick(): void {
    this.wake?.();
  }

  /** Stops claiming and waits for the job in hand. */
  async stop(): Promise<void> {
    this.running = false;
    this.kick();
    await this.current;
  }

  /** Claims and runs one job; false when the queue had none. */
  async runOnce(): Promise<boolean> {
    const job = await claimJob(this.db, this.id, this.staleSeconds);
    if (!job) return false;
    await this.run(job);
    return true;
  }

  private async run(job: Job): Promise<void> {
    try {
      if (job.kind === 'inspect')
        await runInspectJob(this.db, this.storage, job, this.options.hooks, this.options.inspect);
      else await runRescanJob(this.db, job);
    } catch (error) {
      this.log.error({ err: error, job: job.id }, 'gluon job failed');
      await finishJob(this.db, job, 'The inspection failed unexpectedly.').catch(() => undefined);
      if (job.inspectionId) {
        await this.db
          .query(
            "UPDATE gluon_inspections SET status = 'failed', error = 'The inspection failed unexpectedly.', finished_at = now() WHERE id = $1 AND status <> 'done'",
            [job.inspectionId],
          )
          .catch(() => undefined);
      }
    }
  }

  private async loop(): Promise<void> {
    while (this.running) {
      let worked = false;
      try {
        worked = await this.runOnce();
      } catch (error) {
        // The database may be closing or briefly unreachable: wait and poll again.
        if (this.running) this.log.warn({ err: error }, 'gluon worker poll failed');
      }
      if (!this.running) break;
      if (!worked) {
        await new Promise<void>((resolve) => {
          this.wake = resolve;
          this.timer = setTimeout(resolve, this.pollMs);
        });
        if (this.timer) clearTimeout(this.timer);
        this.wake = null;
      }
    }
  }
}
