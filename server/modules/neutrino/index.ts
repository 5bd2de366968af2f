import type { RoutePlugin } from '../../http/routePlugin';
import { defineModule } from '../defineModule';
import { huntRoutes } from './routes/huntRoutes';
import { savedHuntRoutes } from './routes/savedHuntRoutes';
import { PRUNE_HUNT_VALUES_MS, pruneHuntValues } from './services/huntValues';
import { scanSavedHunts } from './services/savedHunts';
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
};

/** Runs `work` every `ms`, never two at once; stopping waits for the run in hand. */
function every(ms: number, work: () => Promise<unknown>): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = work().finally(() => (running = null));
  }, ms);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

export const neutrinoModule = defineModule({
  id: 'neutrino',
  title: 'neutrino',
  description: "Fleet threat hunting over gluon's stored observations: hunts, sweeps, campaigns, saved hunts",
  prefixes: ['/neutrino-backend/'],
  dependsOn: ['gluon', 'inspection'],
  routes: neutrinoRoutes,
  workers: [
    {
      // Saved hunts run over every newly finished inspection: a timer over a cursor kept in the
      // database, so nothing is missed across restarts and two API processes share the work.
      name: 'saved hunt scan',
      start: (app) => every(app.config.neutrino.savedHuntScanMs, () => scanSavedHunts(app.db).catch((error: unknown) => app.log.error({ err: error }, 'saved hunt scan failed'))),
    },
    {
      // The value dictionary keeps values no observation holds any more (deleted devices,
      // inspections run again): harmless to hunts, removed once a day.
      name: 'hunt value prune',
      start: (app) =>
        every(PRUNE_HUNT_VALUES_MS, () => pruneHuntValues(app.db).catch((error: unknown) => app.log.warn({ err: error }, 'pruning the hunt value dictionary failed'))),
    },
  ],
});
