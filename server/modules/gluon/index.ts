import type { RoutePlugin } from '../../http/routePlugin';
import { defineModule } from '../defineModule';
import { collectorRoutes } from './collector/index';
import { registerGluonJobs } from './jobs';
import { collectorUploadRoutes } from './routes/collectorUploadRoutes';
import { deviceRoutes } from './routes/deviceRoutes';
import { incidentRoutes } from './routes/incidentRoutes';
import { iosBackupSampleRoute } from './routes/iosBackupSampleRoute';
import { overviewRoutes } from './routes/overviewRoutes';
import { ruleSetRoutes } from './routes/ruleSetRoutes';
import { sampleRoutes } from './routes/sampleRoutes';
import { uploadRoutes } from './routes/uploadRoutes';
import { createGluonContext } from './services/gluonContext';
import { storageFromConfig } from './services/storageFromConfig';

/**
 * Gluon's API (console: plugins/gluon, plugins/globalrulesrepository, plugins/collector):
 * /gluon-backend and the global rules repository (/globalrulesrepository-backend), sharing one
 * storage and the job queue, the collector links, and the sample archive of development.
 */
const gluonRoutes: RoutePlugin = async (app) => {
  const gluon = createGluonContext(app);
  await app.register(ruleSetRoutes, { gluon });
  await app.register(uploadRoutes, { gluon });
  await app.register(deviceRoutes, { gluon });
  await app.register(incidentRoutes, { gluon });
  await app.register(overviewRoutes);
  await app.register(collectorUploadRoutes, { gluon });
  await app.register(collectorRoutes);
  // Something to upload next to the example rule sets: development only (never in production).
  if (app.config.gluon.seedExamples) await app.register(sampleRoutes);
  if (app.config.gluon.seedExamples) await app.register(iosBackupSampleRoute);
};

export const gluonModule = defineModule({
  id: 'gluon',
  title: 'gluon',
  description:
    'Rule sets, uploads, inspections and rescans (on the job queue: `gluon.inspect`, `gluon.rescan`), devices, incidents, triage, suppressions, reports; the global rules repository; `gluon/collector`: collector links, installers, quick links, collector uploads',
  prefixes: ['/gluon-backend/', '/globalrulesrepository-backend/'],
  dependsOn: ['inspection'],
  routes: gluonRoutes,
  queues: {
    'gluon.inspect': 'Inspections',
    'gluon.rescan': 'Matching again (rescans and rule-set changes)',
  },
  workers: [
    {
      // GLUON_WORKER=off: this instance sends inspections and rescans but works none (another does).
      name: 'gluon inspections and rescans (job queue)',
      start(app) {
        if (!app.config.gluon.worker) return;
        registerGluonJobs(app.queue, {
          db: app.db,
          storage: storageFromConfig(app.config.gluon),
          log: app.log,
          inspect: { maxPatchAgeDays: app.config.gluon.androidPatchMaxAgeDays },
        });
      },
    },
  ],
});
