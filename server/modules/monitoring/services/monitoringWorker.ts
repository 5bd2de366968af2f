import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';

import type { Database, Mailer, TokenService } from '../../../contracts';
import { followIncidents } from './alertLifecycle';
import { type Clock, systemClock } from './alertTypes';
import { collectAlerts } from './collectAlerts';
import { claimDelivery, type DeliveryResult, sendDelivery } from './deliveries';
import { routeAlerts } from './routeAlerts';
import { ALERT_SOURCES } from './sources/alertSources';
import type { WebhookPolicy } from './webhookTarget';
import { openEmptyWeeklySummaries } from './weeklySummary';

export interface MonitoringDeps {
  db: Database;
  mailer: Mailer;
  tokens: TokenService;
  publicUrl: string;
  /** Where webhooks may go (MONITORING_WEBHOOK_ALLOW, https in production). */
  webhooks?: WebhookPolicy;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  clock?: Clock;
  /** A device not inspected for this many days raises a stale alert. */
  staleDays?: number;
  pollMs?: number;
}

export const DEFAULT_STALE_DAYS = 14;

export interface TickResult {
  alerts: number;
  /** Alerts whose status followed their incident (closed: resolved; reopened: active). */
  followed: number;
  queued: number;
  deliveries: Record<DeliveryResult, number>;
}

/**
 * Monitoring's job loop, one per instance (beside gluon's worker): each tick turns new source
 * rows into alerts (each source in its own transaction, alerts routed to deliveries in it), then
 * sends every due delivery it can claim. Everything it does is keyed or claimed in the database,
 * so any number of instances may tick together.
 */
export class MonitoringWorker {
  readonly id = `monitoring-${randomUUID()}`;
  private running = false;
  private current: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private readonly clock: Clock;

  constructor(private readonly deps: MonitoringDeps) {
    this.clock = deps.clock ?? systemClock;
  }

  async tick(): Promise<TickResult> {
    const result: TickResult = {
      alerts: 0,
      followed: 0,
      queued: 0,
      deliveries: { sent: 0, retry: 0, failed: 0, skipped: 0 },
    };
    const staleDays = this.deps.staleDays ?? DEFAULT_STALE_DAYS;
    for (const source of ALERT_SOURCES) {
      const now = this.clock();
      await this.deps.db.tx(async (q) => {
        const alerts = await collectAlerts(q, source, { now, staleDays });
        result.alerts += alerts.length;
        result.queued += await routeAlerts(q, alerts, now);
      });
    }
    // After the sources: an incident opened and closed between two ticks resolves the alert just raised.
    result.followed = await this.deps.db.tx((q) => followIncidents(q));
    await openEmptyWeeklySummaries(this.deps.db, this.clock());
    for (;;) {
      const now = this.clock();
      const delivery = await claimDelivery(this.deps.db, this.id, now);
      if (!delivery) break;
      result.deliveries[await sendDelivery(this.deps, delivery, now)]++;
    }
    return result;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.current = this.loop();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.current;
  }

  private async loop(): Promise<void> {
    while (this.running) {
      try {
        await this.tick();
      } catch (error) {
        // The database may be closing or briefly unreachable: try again at the next tick.
        if (this.running) this.deps.log.warn({ err: error }, 'monitoring tick failed');
      }
      if (!this.running) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.deps.pollMs ?? 2000);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
  }
}
