import type { RoutePlugin } from '../../http/routePlugin';
import { defineModule } from '../defineModule';
import { storageFromConfig } from '../gluon/public';
import { registerElectronJobs } from './jobs';
import { archiveRoutes } from './routes/archiveRoutes';
import { macRoutes } from './routes/macRoutes';
import { sampleRoutes } from './routes/sampleRoutes';
import { createElectronContext } from './services/electronContext';

/**
 * Electron's API (console: plugins/electron): Aftermath archives of Macs, read by
 * inspection/aftermath, matched with gluon's rule sets and recorded as gluon's devices,
 * observations and incidents (one device, one name, one incident state).
 */
const electronRoutes: RoutePlugin = async (app) => {
  const electron = createElectronContext(app);
  await app.register(archiveRoutes, { electron });
  await app.register(macRoutes);
  // The sample Aftermath archive: development only, beside gluon's samples.
  if (app.config.gluon.seedExamples) await app.register(sampleRoutes);
};

export const electronModule = defineModule({
  id: 'electron',
  title: 'electron',
  description:
    "Macs from Aftermath archives: uploads, inspections on the job queue (`electron.inspect`), Macs by risk, a Mac's persistence, TCC grants, processes, network, downloads, storyline and heuristics; findings are gluon's incidents",
  prefixes: ['/electron-backend/'],
  dependsOn: ['gluon', 'inspection'],
  routes: electronRoutes,
  queues: { 'electron.inspect': 'Mac inspections (Aftermath archives)' },
  workers: [
    {
      name: 'electron inspections (job queue)',
      start(app) {
        if (!app.config.gluon.worker) return;
        registerElectronJobs(app.queue, { db: app.db, storage: storageFromConfig(app.config.gluon), log: app.log });
      },
    },
  ],
});
