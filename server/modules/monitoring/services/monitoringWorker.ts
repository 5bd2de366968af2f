import type { FastifyBaseLogger } from 'fastify';

import type { Database } from '../../../contracts';
import type { JobQueue } from '../../../queue';
import { followIncidents } from './alertLifecycle';
import { type Clock, systemClock } from './alertTypes';
import { collectAlerts } from './collectAlerts';
import { routeAlerts } from './routeAlerts';
import { ALERT_SOURCES } from './sources/alertSources';
import { openEmptyWeeklySummaries } from './weeklySummary';

export interface MonitoringDeps {
  db: Database;
  /** Where the deliveries' jobs go (their worker: deliveryJobs.ts). */
  queue: JobQueue;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  clock?: Clock;
  /** A device not inspected for this many days raises a stale alert. */
  staleDays?: number;
}

export const DEFAULT_STALE_DAYS = 14;

export interface TickResult {
  alerts: number;
  /** Alerts whose status followed their incident (closed: resolved; reopened: active). */
  followed: number;
  queued: number;
}

/**
 * Monitoring's alert loop, run by the job queue (alertLoopJob.ts): each tick turns new source
 * rows into alerts (each source in its own transaction, alerts routed to deliveries in it, each
 * new delivery with its job on the queue) and opens the empty weekly summaries. The job queue
 * sends the deliveries (deliveryJobs.ts). Everything it does is keyed in the database, so any
 * number of instances may tick together.
 */
export class MonitoringWorker {
  private readonly clock: Clock;

  constructor(private readonly deps: MonitoringDeps) {
    this.clock = deps.clock ?? systemClock;
  }

  async tick(): Promise<TickResult> {
    const result: TickResult = { alerts: 0, followed: 0, queued: 0 };
    const staleDays = this.deps.staleDays ?? DEFAULT_STALE_DAYS;
    for (const source of ALERT_SOURCES) {
      const now = this.clock();
      await this.deps.db.tx(async (q) => {
        const alerts = await collectAlerts(q, source, { now, staleDays });
        result.alerts += alerts.length;
        result.queued += await routeAlerts(q, this.deps.queue, alerts, now);
      });
    }
    // After the sources: an incident opened and closed between two ticks resolves the alert just raised.
    result.followed = await this.deps.db.tx((q) => followIncidents(q));
    const now = this.clock();
    await this.deps.db.tx((q) => openEmptyWeeklySummaries(q, this.deps.queue, now));
    return result;
  }
}
