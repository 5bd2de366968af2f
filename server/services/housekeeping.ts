import type { Database } from '../contracts';
import { type JobQueue, type QueueClock, systemClock } from '../queue/jobQueue';

/** How long ended sessions, used links and single-use values are kept (for the audit trail and user views). */
export const RETENTION_DAYS = 30;

/** Deletes what can no longer be used: expired single-use values, devices, sessions and links. */
export async function cleanUp(db: Database): Promise<void> {
  await db.query('DELETE FROM used_nonces WHERE expires_at < now()');
  await db.query('DELETE FROM webauthn_challenges WHERE expires_at < now()');
  await db.query('DELETE FROM remembered_devices WHERE expires_at < now()');
  await db.query(`DELETE FROM sessions WHERE COALESCE(revoked_at, expires_at) < now() - make_interval(days => $1)`, [
    RETENTION_DAYS,
  ]);
  await db.query(`DELETE FROM password_recovery_requests WHERE expires_at < now() - make_interval(days => $1)`, [
    RETENTION_DAYS,
  ]);
}

/**
 * PGlite runs no autovacuum: without this, what cleanUp deletes and every update leave dead rows
 * behind for good, and the planner never gets statistics (every table stays "never analysed", so
 * plans rest on default estimates). PostgreSQL's own autovacuum does both there. Holds PGlite's one
 * connection while it runs: ~250 ms with 200,000 audit events on the reference machine.
 * Returns whether it ran.
 */
export async function vacuumEmbeddedDatabase(db: Database): Promise<boolean> {
  if (db.kind !== 'pglite') return false;
  await db.query('VACUUM (ANALYZE)');
  return true;
}

/** How often cleanUp runs, and on PGlite the vacuum. */
export const CLEAN_UP_EVERY_MS = 10 * 60 * 1000;
export const VACUUM_EVERY_MS = 60 * 60 * 1000;
/** Completed queue jobs are kept this long (failed ones stay for the Administration jobs page). */
export const COMPLETED_JOB_RETENTION_DAYS = 7;

/** Housekeeping's queues in words (it is no module: app.ts registers it beside the queue). */
export const HOUSEKEEPING_QUEUES: Readonly<Record<string, string>> = {
  'housekeeping.clean-up': 'Housekeeping',
  'housekeeping.vacuum': 'Housekeeping',
};

/**
 * Housekeeping on the job queue: cleanUp (and purging old completed jobs) every CLEAN_UP_EVERY_MS,
 * once across API instances, and on PGlite vacuumEmbeddedDatabase hourly.
 */
export async function registerHousekeepingJobs(
  queue: JobQueue,
  db: Database,
  clock: QueueClock = systemClock,
): Promise<void> {
  for (const [name, label] of Object.entries(HOUSEKEEPING_QUEUES)) queue.nameQueue(name, label);
  queue.work('housekeeping.clean-up', async () => {
    await cleanUp(db);
    await queue.purgeCompleted(new Date(clock.now().getTime() - COMPLETED_JOB_RETENTION_DAYS * 86_400_000));
  });
  await queue.schedule('housekeeping.clean-up', { queue: 'housekeeping.clean-up', everyMs: CLEAN_UP_EVERY_MS });
  if (db.kind !== 'pglite') return;
  queue.work('housekeeping.vacuum', async () => void (await vacuumEmbeddedDatabase(db)));
  await queue.schedule('housekeeping.vacuum', { queue: 'housekeeping.vacuum', everyMs: VACUUM_EVERY_MS });
}
