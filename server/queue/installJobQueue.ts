import type { FastifyInstance } from 'fastify';

import { JobQueue } from './jobQueue';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one job queue (server/queue): modules register their queues' workers and schedules in their jobs.ts. */
    queue: JobQueue;
  }
}

/**
 * Decorates `app.queue`, starts polling once the app is ready and stops (waiting for the jobs in
 * hand) before it closes. Under NODE_ENV=test it never polls: tests call `app.queue.tick()`.
 */
export function installJobQueue(app: FastifyInstance): JobQueue {
  const queue = new JobQueue(app.db, { log: app.log });
  app.decorate('queue', queue);
  if (app.config.nodeEnv !== 'test') app.addHook('onReady', async () => queue.start());
  app.addHook('preClose', async () => queue.stop());
  return queue;
}
