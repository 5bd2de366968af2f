import path from 'node:path';

import type { AppConfig } from '../config';
import type { Database } from '../contracts';
import type { DataDirLock, LockHolder } from './dataDirLock';
import { migrate } from './migrate';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

/** PGlite keeps its files in DATA_DIR/pglite (DATA_DIR also holds keys/ and other state). */
export function pgliteDir(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

/**
 * Opens the configured database (PostgreSQL when DATABASE_URL is set, else PGlite in
 * DATA_DIR/pglite) and migrates it. With PGlite, `lock` is this process's hold on the folder
 * (`holder` says who we are to a second opener, which gets DataDirBusyError).
 */
export async function openDatabase(
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>,
  holder: LockHolder = 'api',
): Promise<Database & { lock: DataDirLock | null }> {
  const db = config.databaseUrl
    ? Object.assign(await openPostgres(config.databaseUrl), { lock: null })
    : await openPglite({ dataDir: pgliteDir(config.dataDir), holder });
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
