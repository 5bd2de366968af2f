import { createRequire } from 'node:module';
import initSqlJs from 'sql.js';

import { BackupError } from './backupError';

type SqlJs = Awaited<ReturnType<typeof initSqlJs>>;
type SqlValue = number | string | Uint8Array | null;
export type SqlRow = Record<string, SqlValue>;

/**
 * What one SQLite database of a backup may cost. sql.js runs SQLite compiled to WebAssembly in
 * this process (no native build, decision 0022): the whole file sits in its heap, and a query
 * cannot be interrupted, so a database is refused past its size or page count before it is
 * opened, and every query reads a bounded number of rows against a deadline.
 */
export interface SqliteLimits {
  maxBytes: number;
  maxPages: number;
  maxRows: number;
  maxMs: number;
}

export const DEFAULT_SQLITE_LIMITS: SqliteLimits = {
  maxBytes: 256 * 1024 * 1024,
  maxPages: 1_000_000,
  maxRows: 200_000,
  maxMs: 20_000,
};

const HEADER = Buffer.from('SQLite format 3\0', 'latin1');

let engine: Promise<SqlJs> | null = null;

/** The WebAssembly module, compiled once per process (about 0.7 MB, some 30 ms). */
export function sqlEngine(): Promise<SqlJs> {
  const require = createRequire(import.meta.url);
  engine ??= initSqlJs({ locateFile: (file: string) => require.resolve(`sql.js/dist/${file}`) });
  return engine;
}

/** Page size and count from the header, checked against the file's length. */
function checkHeader(name: string, data: Uint8Array, limits: SqliteLimits): void {
  if (data.length > limits.maxBytes)
    throw new BackupError('too-large', `${name} is larger than ${limits.maxBytes} bytes`);
  if (data.length < 100 || !Buffer.from(data.buffer, data.byteOffset, 16).equals(HEADER))
    throw new BackupError('sqlite', `${name} is not an SQLite database (corrupt or not decrypted)`);
  const view = Buffer.from(data.buffer, data.byteOffset, 100);
  const raw = view.readUInt16BE(16);
  const pageSize = raw === 1 ? 65536 : raw;
  if (pageSize < 512 || (pageSize & (pageSize - 1)) !== 0)
    throw new BackupError('sqlite', `${name} is a corrupt SQLite database (page size ${raw})`);
  const pages = view.readUInt32BE(28) || Math.ceil(data.length / pageSize);
  if (pages > limits.maxPages)
    throw new BackupError('too-large', `${name} has ${pages} pages (at most ${limits.maxPages})`);
  if (data.length % pageSize !== 0 || data.length < pageSize)
    throw new BackupError(
      'truncated',
      `${name} is truncated (${data.length} bytes is not a whole number of ${pageSize}-byte pages)`,
    );
}

export interface BackupDatabase {
  tables(): Set<string>;
  columns(table: string): Set<string>;
  /** Rows of a read-only query, at most `limits.maxRows`, within the deadline; `truncated` when the bound cut it. */
  rows(sql: string): { rows: SqlRow[]; truncated: boolean };
  close(): void;
}

export async function openDatabase(
  name: string,
  data: Uint8Array,
  limits: SqliteLimits = DEFAULT_SQLITE_LIMITS,
): Promise<BackupDatabase> {
  checkHeader(name, data, limits);
  const SQL = await sqlEngine();
  let db: InstanceType<SqlJs['Database']>;
  const fault = (error: unknown) =>
    new BackupError(
      'sqlite',
      `${name} is a corrupt SQLite database (${error instanceof Error ? error.message : String(error)})`,
    );
  try {
    db = new SQL.Database(data);
    // A database is read, never changed; a hostile one cannot attach files or load extensions in sql.js.
    db.run('PRAGMA query_only = 1');
    db.exec('SELECT count(*) FROM sqlite_master');
  } catch (error) {
    throw fault(error);
  }
  const started = Date.now();
  const rows = (sql: string) => {
    const out: SqlRow[] = [];
    let truncated = false;
    try {
      const stmt = db.prepare(sql);
      try {
        while (stmt.step()) {
          if (out.length >= limits.maxRows) {
            truncated = true;
            break;
          }
          if ((out.length & 1023) === 0 && Date.now() - started > limits.maxMs)
            throw new BackupError('too-large', `${name}: reading took longer than ${limits.maxMs / 1000} s`);
          out.push(stmt.getAsObject() as SqlRow);
        }
      } finally {
        stmt.free();
      }
    } catch (error) {
      if (error instanceof BackupError) throw error;
      throw fault(error);
    }
    return { rows: out, truncated };
  };
  return {
    tables: () =>
      new Set(rows("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')").rows.map((r) => String(r.name))),
    columns: (table) =>
      new Set(rows(`PRAGMA table_info("${table.replace(/"/g, '""')}")`).rows.map((r) => String(r.name))),
    rows,
    close: () => db.close(),
  };
}

/** A fresh database for the generator, exported as the bytes of its file. */
export async function buildDatabase(statements: string[], params: Array<Array<SqlValue>> = []): Promise<Buffer> {
  const SQL = await sqlEngine();
  const db = new SQL.Database();
  try {
    statements.forEach((s, i) => db.run(s, params[i] ?? []));
    return Buffer.from(db.export());
  } finally {
    db.close();
  }
}
