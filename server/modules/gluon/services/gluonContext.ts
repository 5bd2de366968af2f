import type { FastifyInstance } from 'fastify';

import type { FileStorage } from './fileStorage';
import { storageFromConfig } from './storageFromConfig';
import { GluonWorker, type WorkerOptions } from './worker';

/** What gluon's routes share: the file storage and this instance's worker (null with GLUON_WORKER=off). */
export interface GluonContext {
  storage: FileStorage;
  worker: GluonWorker | null;
  /** A job was queued: the local worker polls at once rather than at its next tick. */
  kick(): void;
}

/**
 * Builds gluon's storage and worker for the app; the worker starts when the app is ready and
 * stops, finishing its job in hand, before the database closes. (`npm start` seeds the example
 * rule sets: server/main.ts calls seedExampleRuleSets.)
 */
export function createGluonContext(app: FastifyInstance, workerOptions: WorkerOptions = {}): GluonContext {
  const storage = storageFromConfig(app.config.gluon);
  const worker = app.config.gluon.worker
    ? new GluonWorker(app.db, storage, app.log, {
        inspect: { maxPatchAgeDays: app.config.gluon.androidPatchMaxAgeDays },
        ...workerOptions,
      })
    : null;
  app.addHook('onReady', async () => {
    worker?.start();
  });
  app.addHook('preClose', async () => {
    await worker?.stop();
  });
  return { storage, worker, kick: () => worker?.kick() };
}
