import type { JobQueue } from '../../../queue';
import type { MonitoringWorker } from './monitoringWorker';

export const ALERT_LOOP_QUEUE = 'monitoring.alerts';
/** How often the alert loop runs: an alert is raised within about this long of its source row. */
export const ALERT_LOOP_EVERY_MS = 2000;

/**
 * The alert loop as a recurring job on the job queue, not a poll of its own: the queue's schedule
 * fires once across instances, a failed run is retried with the queue's backoff and logged, and a
 * completed run leaves no row behind (every 2 s, a week of runs would be 300,000 rows).
 */
export async function registerAlertLoop(
  queue: JobQueue,
  worker: Pick<MonitoringWorker, 'tick'>,
  everyMs = ALERT_LOOP_EVERY_MS,
): Promise<void> {
  queue.work(ALERT_LOOP_QUEUE, async () => void (await worker.tick()), { keepCompleted: false });
  await queue.schedule(ALERT_LOOP_QUEUE, { queue: ALERT_LOOP_QUEUE, everyMs });
}
