import type { RoutePlugin } from '../../http/routePlugin';
import { huntRoutes } from './huntRoutes';
import { savedHuntRoutes } from './savedHuntRoutes';
import { PRUNE_HUNT_VALUES_MS, pruneHuntValues } from './services/huntValues';
import { scanSavedHunts } from './services/savedHunts';
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

  // Saved hunts run over every newly finished inspection: a timer over a cursor kept in the
  // database, so nothing is missed across restarts and two API processes share the work.
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = scanSavedHunts(app.db)
      .catch((error: unknown) => app.log.error({ err: error }, 'saved hunt scan failed'))
      .finally(() => (running = null));
  }, app.config.neutrino.savedHuntScanMs);
  timer.unref();
  // The value dictionary keeps values no observation holds any more (deleted devices, inspections
  // run again): harmless to hunts, removed once a day.
  let pruning: Promise<unknown> | null = null;
  const prune = setInterval(() => {
    if (pruning) return;
    pruning = pruneHuntValues(app.db)
      .catch((error: unknown) => app.log.warn({ err: error }, 'pruning the hunt value dictionary failed'))
      .finally(() => (pruning = null));
  }, PRUNE_HUNT_VALUES_MS);
  prune.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    clearInterval(prune);
    await running;
    await pruning;
  });
};
