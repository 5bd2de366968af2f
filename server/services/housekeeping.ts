import type { Database } from '../contracts';

/** How long ended sessions, used links and single-use values are kept (for the audit trail and user views). */
export const RETENTION_DAYS = 30;

/** Deletes what can no longer be used: expired single-use values, devices, sessions and links. */
export async function cleanUp(db: Database): Promise<void> {
  await db.query('DELETE FROM used_nonces WHERE expires_at < now()');
  await db.query('DELETE FROM remembered_devices WHERE expires_at < now()');
  await db.query(`DELETE FROM sessions WHERE COALESCE(revoked_at, expires_at) < now() - make_interval(days => $1)`, [RETENTION_DAYS]);
  await db.query(`DELETE FROM password_recovery_requests WHERE expires_at < now() - make_interval(days => $1)`, [RETENTION_DAYS]);
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

/** Every how many clean-ups the embedded database is vacuumed (hourly with the default interval). */
export const VACUUM_EVERY_CLEANUPS = 6;

/**
 * Runs cleanUp every `intervalMs`, and on PGlite vacuumEmbeddedDatabase with the first and every
 * VACUUM_EVERY_CLEANUPS-th (unref'd: never keeps the process alive); returns a stop function.
 */
export function scheduleCleanUp(db: Database, log: { warn(obj: unknown, msg: string): void }, intervalMs = 10 * 60 * 1000): () => void {
  let runs = 0;
  const timer = setInterval(() => {
    const vacuum = runs++ % VACUUM_EVERY_CLEANUPS === 0;
    cleanUp(db)
      .then(() => (vacuum ? vacuumEmbeddedDatabase(db) : false))
      .catch((error: unknown) => log.warn({ err: error }, 'housekeeping failed'));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
