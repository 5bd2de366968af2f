import type { FastifyBaseLogger } from 'fastify';

import type { Database, Mailer, TokenService } from '../../../contracts';
import { JobQueue } from '../../../queue';
import { type Clock, systemClock } from './alertTypes';
import { type DeliveryResult, registerDeliveryWorker } from './deliveryJobs';
import { MonitoringWorker, type TickResult } from './monitoringWorker';
import type { WebhookPolicy } from './webhookTarget';

export interface MonitoringRunnerDeps {
  db: Database;
  mailer: Mailer;
  tokens: TokenService;
  publicUrl: string;
  webhooks?: WebhookPolicy;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  clock?: Clock;
  staleDays?: number;
}

/**
 * Monitoring's alert loop and a job queue of its own sending the deliveries, on one clock: what
 * tests and the benchmark drive (the app runs the same two on `app.queue`, index.ts). One tick
 * collects and routes alerts, then runs every delivery job due, and tallies how each attempt ended.
 */
export class MonitoringRunner {
  readonly queue: JobQueue;
  readonly worker: MonitoringWorker;
  private tally: Record<DeliveryResult, number> = { sent: 0, retry: 0, failed: 0, skipped: 0 };

  constructor(deps: MonitoringRunnerDeps) {
    const clock = deps.clock ?? systemClock;
    this.queue = new JobQueue(deps.db, { clock: { now: clock }, log: deps.log });
    registerDeliveryWorker(this.queue, { ...deps, clock, onResult: (r) => void this.tally[r]++ });
    this.worker = new MonitoringWorker({ ...deps, queue: this.queue });
  }

  async tick(): Promise<TickResult & { deliveries: Record<DeliveryResult, number> }> {
    this.tally = { sent: 0, retry: 0, failed: 0, skipped: 0 };
    const result = await this.worker.tick();
    while ((await this.queue.tick()) > 0);
    return { ...result, deliveries: this.tally };
  }
}
