import type { Queryable } from '../../../contracts';
import type { JobQueue } from '../../../queue';
import { MAX_DELIVERY_ATTEMPTS } from './schedule';

/** The job queue's queue of notification deliveries: one job per delivery, mail or webhook. */
export const DELIVERY_QUEUE = 'monitoring.delivery';

export interface DeliveryJobData {
  deliveryId: string;
}

/**
 * Queues the job that sends a delivery just opened, in the caller's transaction (the delivery and
 * its job are stored together), due when the delivery is. Alerts keep joining the delivery until
 * its job claims it.
 */
export async function queueDelivery(
  queue: JobQueue,
  q: Queryable,
  delivery: { id: string; tenantId: string; dueAt: Date },
): Promise<void> {
  await queue.send<DeliveryJobData>(
    DELIVERY_QUEUE,
    { deliveryId: delivery.id },
    {
      tenantId: delivery.tenantId,
      runAfter: delivery.dueAt,
      singletonKey: delivery.id,
      retryLimit: MAX_DELIVERY_ATTEMPTS - 1,
    },
    q,
  );
}
