import type { RoutePlugin } from '../../http/routePlugin';
import { defineModule } from '../defineModule';
import { registerNeutrinoJobs } from './jobs';
import { huntRoutes } from './routes/huntRoutes';
import { savedHuntRoutes } from './routes/savedHuntRoutes';
import { sweepRoutes } from './routes/sweepRoutes';

export { SAVED_HUNT_SCAN_MS } from './services/neutrinoConfig';

/**
 * Neutrino's API (console: plugins/neutrino): fleet threat hunting over gluon's stored
 * observations — hunts, sweeps, campaigns and saved hunts under /neutrino-backend.
 */
const neutrinoRoutes: RoutePlugin = async (app) => {
  await app.register(huntRoutes);
  await app.register(sweepRoutes);
  await app.register(savedHuntRoutes);
  // Saved-hunt scans and the value-dictionary prune are schedules on the job queue (./jobs.ts).
  await registerNeutrinoJobs(app);
};

export const neutrinoModule = defineModule({
  id: 'neutrino',
  title: 'neutrino',
  description: "Fleet threat hunting over gluon's stored observations: hunts, sweeps, campaigns, saved hunts",
  prefixes: ['/neutrino-backend/'],
  dependsOn: ['gluon', 'inspection'],
  routes: neutrinoRoutes,
  queues: { 'neutrino.saved-hunts': 'Saved hunts', 'neutrino.prune-values': 'Hunt value clean-up' },
});
