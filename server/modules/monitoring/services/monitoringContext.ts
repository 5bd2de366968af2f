import type { Clock } from './alertTypes';

/** What monitoring's routes share with its job loop: the clock and the staleness threshold. */
export interface MonitoringContext {
  clock: Clock;
  staleDays: number;
}
