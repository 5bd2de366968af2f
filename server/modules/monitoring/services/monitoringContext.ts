import type { Clock } from './alertTypes';
import type { WebhookPolicy } from './webhookTarget';

/** What monitoring's routes share with its job loop: the clock, the staleness threshold, where webhooks may go. */
export interface MonitoringContext {
  clock: Clock;
  staleDays: number;
  webhooks: WebhookPolicy;
}
