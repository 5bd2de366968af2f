import type { FastifyPluginAsync } from 'fastify';
import { createGluonContext } from '../../services/gluon/gluonContext';
import { collectorUploadRoutes } from './collectorUploadRoutes';
import { deviceRoutes } from './deviceRoutes';
import { incidentRoutes } from './incidentRoutes';
import { ruleSetRoutes } from './ruleSetRoutes';
import { uploadRoutes } from './uploadRoutes';

/** Gluon (/gluon-backend) and the global rules repository (/globalrulesrepository-backend), sharing one storage and worker. */
export const gluonRoutes: FastifyPluginAsync = async (app) => {
  const gluon = createGluonContext(app);
  await app.register(ruleSetRoutes, { gluon });
  await app.register(uploadRoutes, { gluon });
  await app.register(deviceRoutes, { gluon });
  await app.register(incidentRoutes, { gluon });
  await app.register(collectorUploadRoutes, { gluon });
};
