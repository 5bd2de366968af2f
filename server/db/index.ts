import path from 'node:path';
import type { AppConfig } from '../config';
import type { Database } from '../contracts';
import { migrate } from './migrate';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

/** PGlite keeps its files in DATA_DIR/pglite (DATA_DIR also holds keys/ and other state). */
export function pgliteDir(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

/** Opens the configured database (PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR/pglite) and migrates it. */
export async function openDatabase(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  const db = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPglite({ dataDir: pgliteDir(config.dataDir) });
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
