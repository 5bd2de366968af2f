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

/** Runs cleanUp every `intervalMs` (unref'd: never keeps the process alive); returns a stop function. */
export function scheduleCleanUp(db: Database, log: { warn(obj: unknown, msg: string): void }, intervalMs = 10 * 60 * 1000): () => void {
  const timer = setInterval(() => {
    cleanUp(db).catch((error: unknown) => log.warn({ err: error }, 'housekeeping failed'));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
