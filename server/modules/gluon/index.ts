import type { RoutePlugin } from '../../http/routePlugin';
import { defineModule } from '../defineModule';
import { collectorRoutes } from './collector/index';
import { collectorUploadRoutes } from './routes/collectorUploadRoutes';
import { deviceRoutes } from './routes/deviceRoutes';
import { incidentRoutes } from './routes/incidentRoutes';
import { overviewRoutes } from './routes/overviewRoutes';
import { ruleSetRoutes } from './routes/ruleSetRoutes';
import { sampleRoutes } from './routes/sampleRoutes';
import { uploadRoutes } from './routes/uploadRoutes';
import { createGluonContext } from './services/gluonContext';

/**
 * Gluon's API (console: plugins/gluon, plugins/globalrulesrepository, plugins/collector):
 * /gluon-backend and the global rules repository (/globalrulesrepository-backend), sharing one
 * storage and worker, the collector links, and the sample archive of development.
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
};

export const gluonModule = defineModule({
  id: 'gluon',
  title: 'gluon',
  description:
    'Rule sets, uploads, the job queue and worker, inspections, devices, incidents, triage, suppressions, rescans, reports; the global rules repository; `gluon/collector`: collector links, installers, quick links, collector uploads',
  prefixes: ['/gluon-backend/', '/globalrulesrepository-backend/'],
  dependsOn: ['inspection'],
  routes: gluonRoutes,
});
