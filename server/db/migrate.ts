import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

import type { Database } from '../contracts';

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));
const FILE = /^(\d{3})_[a-z0-9_]+\.sql$/;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export async function readMigrations(dir = migrationsDir): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const migrations: Migration[] = [];
  for (const file of files) {
    const match = FILE.exec(file);
    if (!match) throw new Error(`Migration file name must look like 001_name.sql: ${file}`);
    const version = Number(match[1]);
    if (migrations.some((m) => m.version === version)) throw new Error(`Two migrations share number ${match[1]}`);
    migrations.push({ version, name: file, sql: await readFile(`${dir}/${file}`, 'utf8') });
  }
  return migrations;
}

/**
 * Applies pending migrations in order, all in one transaction; an advisory lock keeps several
 * API instances starting together on PostgreSQL from applying the same migration twice.
 */
export async function migrate(db: Database, dir?: string): Promise<number[]> {
  const migrations = await readMigrations(dir);
  return db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock(727274001)');
    await q.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const applied = new Set(
      (await q.query<{ version: number }>('SELECT version FROM schema_migrations')).map((r) => r.version),
    );
    const done: number[] = [];
    for (const m of migrations) {
      if (applied.has(m.version)) continue;
      await q.exec(m.sql);
      await q.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
      done.push(m.version);
    }
    return done;
  });
}
