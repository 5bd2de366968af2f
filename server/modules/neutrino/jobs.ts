import type { FastifyInstance } from 'fastify';

import { PRUNE_HUNT_VALUES_MS, pruneHuntValues } from './services/huntValues';
import { scanSavedHunts } from './services/savedHunts';

/**
 * Neutrino's background work on the job queue. Saved hunts run over every newly finished
 * inspection: a schedule over a cursor kept in the database, so nothing is missed across restarts
 * and one instance runs each scan. The value dictionary keeps values no observation holds any more
 * (deleted devices, inspections run again): harmless to hunts, pruned once a day.
 */
export async function registerNeutrinoJobs(app: FastifyInstance): Promise<void> {
  const { queue, db } = app;
  queue.work('neutrino.saved-hunts', async () => void (await scanSavedHunts(db)));
  queue.work('neutrino.prune-values', async () => void (await pruneHuntValues(db)));
  // A missed scan is made up by the next one: no retries, no pile-up (one waiting job per schedule).
  await queue.schedule('neutrino.saved-hunts', {
    queue: 'neutrino.saved-hunts',
    everyMs: app.config.neutrino.savedHuntScanMs,
  });
  await queue.schedule('neutrino.prune-values', { queue: 'neutrino.prune-values', everyMs: PRUNE_HUNT_VALUES_MS });
}
