import type { Database, Mailer, TokenService } from '../../../contracts';
import { type JobQueue, PermanentJobError } from '../../../queue';
import { type Clock, systemClock } from './alertTypes';
import { claimDelivery, markDeliveryFailed, sendDelivery } from './deliveries';
import { DELIVERY_QUEUE, type DeliveryJobData } from './deliveryQueue';
import { retryDelayMs } from './schedule';
import type { WebhookPolicy } from './webhookTarget';

/** Deliveries sent at once by one instance: a slow webhook (up to 5 s) does not hold up the mails behind it. */
const DELIVERY_CONCURRENCY = 4;

/** How one attempt of a delivery job ended (what the worker tallies; tests count it). */
export type DeliveryResult = 'sent' | 'retry' | 'failed' | 'skipped';

export interface DeliveryWorkerDeps {
  db: Database;
  mailer: Mailer;
  tokens: TokenService;
  publicUrl: string;
  webhooks?: WebhookPolicy;
  clock?: Clock;
  onResult?: (result: DeliveryResult) => void;
}

/**
 * Sends deliveries from the job queue: the queue claims each job once across instances, retries a
 * failed attempt with monitoring's backoff (30 s doubling to an hour, MAX_DELIVERY_ATTEMPTS in
 * all), claims a job again when its instance died, and when the job ends failed the delivery log's
 * row says failed with the error.
 */
export function registerDeliveryWorker(queue: JobQueue, deps: DeliveryWorkerDeps): void {
  const clock = deps.clock ?? systemClock;
  queue.work<DeliveryJobData>(
    DELIVERY_QUEUE,
    async (job) => {
      const delivery = await claimDelivery(deps.db, job.data.deliveryId, job, clock());
      if (!delivery) return;
      const outcome = await sendDelivery(deps, delivery, clock());
      if (outcome.result !== 'error') return void deps.onResult?.(outcome.result);
      deps.onResult?.(outcome.permanent || job.attempts > job.retryLimit ? 'failed' : 'retry');
      throw outcome.permanent ? new PermanentJobError(outcome.error) : new Error(outcome.error);
    },
    {
      concurrency: DELIVERY_CONCURRENCY,
      backoffMs: retryDelayMs,
      onFailed: (job, error) => markDeliveryFailed(deps.db, (job.data as DeliveryJobData).deliveryId, error),
    },
  );
}
