import type { RoutePlugin } from '../../http/routePlugin';
import { huntRoutes } from './huntRoutes';
import { registerNeutrinoJobs } from './jobs';
import { savedHuntRoutes } from './savedHuntRoutes';
import { sweepRoutes } from './sweepRoutes';

export { SAVED_HUNT_SCAN_MS } from './services/neutrinoConfig';

/**
 * Neutrino's API (console: plugins/neutrino): fleet threat hunting over gluon's stored
 * observations — hunts, sweeps, campaigns and saved hunts under /neutrino-backend.
 */
export const neutrinoModule: RoutePlugin = async (app) => {
  await app.register(huntRoutes);
  await app.register(sweepRoutes);
  await app.register(savedHuntRoutes);

  await registerNeutrinoJobs(app);
};
