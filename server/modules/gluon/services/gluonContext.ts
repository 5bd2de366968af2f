import type { FastifyInstance } from 'fastify';

import type { FileStorage } from './fileStorage';
import type { GluonJobs } from './jobs';
import { storageFromConfig } from './storageFromConfig';

/** What gluon's routes share: the file storage and the job queue they send inspections and rescans to. */
export interface GluonContext {
  storage: FileStorage;
  jobs: GluonJobs;
}

/**
 * Builds gluon's storage for the app's routes. The jobs are worked (where GLUON_WORKER is on) by
 * the module's worker (index.ts, ../jobs.ts). (`npm start` seeds the example rule sets:
 * server/main.ts calls seedExampleRuleSets.)
 */
export function createGluonContext(app: FastifyInstance): GluonContext {
  return { storage: storageFromConfig(app.config.gluon), jobs: app.queue };
}
