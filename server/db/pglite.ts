import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

import type { Database, Queryable } from '../contracts';
import { acquireDataDirLock, type DataDirLock, type LockHolder } from './dataDirLock';
import { createPglitePrepared } from './pglitePrepared';

/** int8 (counts, sums) as number, like the PostgreSQL adapter, so SQL results look the same on both. */
const parsers = { 20: (v: string) => Number(v) };

export interface PgliteOptions {
  /** Folder where PGlite persists; undefined = in memory. */
  dataDir?: string;
  /** Tarball from `dumpDataDir()` to start from (the migrated test template). */
  loadDataDir?: Blob;
  /** Recorded in `<dataDir>.lock` for whoever else tries the folder (default 'api'). */
  holder?: LockHolder;
}

/**
 * PGlite is one single-user backend: queries of a transaction must not interleave with others,
 * so every top-level query and transaction runs through one queue. A data folder is held by one
 * process at a time (`<dataDir>.lock`, db/dataDirLock.ts): a second opener gets DataDirBusyError.
 */
export interface PgliteDatabase extends Database {
  pglite: PGlite;
  lock: DataDirLock | null;
  /** A consistent gzipped tarball of the data folder, taken between queries and transactions (backups). */
  dumpDataDir(): Promise<Blob>;
}

export function isPgliteDatabase(db: Database): db is PgliteDatabase {
  return db.kind === 'pglite' && typeof (db as Partial<PgliteDatabase>).dumpDataDir === 'function';
}

export async function openPglite(options: PgliteOptions = {}): Promise<PgliteDatabase> {
  let lock: DataDirLock | null = null;
  if (options.dataDir !== undefined) {
    mkdirSync(options.dataDir, { recursive: true });
    lock = acquireDataDirLock(options.dataDir, options.holder ?? 'api');
  }
  let pglite: PGlite;
  try {
    pglite = await PGlite.create({
      ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }),
      ...(options.loadDataDir === undefined ? {} : { loadDataDir: options.loadDataDir }),
      parsers,
      // Substring search (device lists, hunts) runs on trigram indexes on both databases.
      extensions: { pg_trgm },
    });
  } catch (error) {
    lock?.release();
    throw error;
  }
  let queue: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = queue.then(fn, fn);
    queue = run.catch(() => undefined);
    return run;
  };
  let closed = false;
  const prepared = createPglitePrepared(pglite);
  return {
    kind: 'pglite' as const,
    pglite,
    lock,
    query: <T>(sql: string, params: readonly unknown[] = []) =>
      exclusive(async () => (await pglite.query<T>(sql, params as unknown[])).rows),
    // The queue is the only way into this PGlite instance, so PGlite's own mutex would add
    // nothing but CPU to the hottest calls.
    prepared: <T>(name: string, sql: string, params: readonly unknown[] = []) =>
      exclusive(() => prepared<T>(name, sql, params)),
    exec: (sql: string) =>
      exclusive(async () => {
        await pglite.exec(sql);
      }),
    tx: <T>(fn: (q: Queryable) => Promise<T>) =>
      exclusive(() =>
        pglite.transaction(async (t) => {
          const q: Queryable = {
            query: async <R>(sql: string, params: readonly unknown[] = []) =>
              (await t.query<R>(sql, params as unknown[])).rows,
            exec: async (sql: string) => {
              await t.exec(sql);
            },
          };
          return fn(q);
        }),
      ),
    dumpDataDir: () => exclusive(() => pglite.dumpDataDir('gzip')),
    close: async () => {
      if (closed) return;
      closed = true;
      try {
        await exclusive(() => pglite.close());
      } finally {
        lock?.release();
      }
    },
  };
}
