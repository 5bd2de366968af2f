import type { FastifyInstance } from 'fastify';

import { type FileStorage, storageFromConfig } from '../../gluon/public';

/** What electron's routes share: gluon's file storage (one store for every upload of the tenant). */
export interface ElectronContext {
  storage: FileStorage;
}

export function createElectronContext(app: FastifyInstance): ElectronContext {
  return { storage: storageFromConfig(app.config.gluon) };
}
