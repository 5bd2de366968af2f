import { existsSync, readdirSync } from 'node:fs';
import { readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

import type { AppConfig } from '../config';
import type { Database } from '../contracts';
import { DataDirBusyError, readDataDirLock } from '../db/dataDirLock';
import { pgliteDir } from '../db/index';
import { migrate } from '../db/migrate';
import { isPgliteDatabase, openPglite } from '../db/pglite';
import { CliError } from './cliArgs';

/** What an operator of a PostgreSQL deployment runs instead (docs/operations.md, "Backup and restore"). */
export const POSTGRES_BACKUP_HINT =
  'The database is PostgreSQL (DATABASE_URL): back it up with `pg_dump --format=custom --file=console.dump "$DATABASE_URL"` ' +
  'and restore into an empty database with `pg_restore --no-owner --dbname="$DATABASE_URL" console.dump`.';

/** Commands whose first argument is a file: resolved against the operator's folder before the API runs them. */
const FILE_COMMANDS = new Set(['backup', 'restore']);

/**
 * `backup <file>` may run inside the API (operator channel), whose working folder is not the
 * operator's: a relative path is made absolute here, in the CLI process.
 */
export function withAbsoluteFile(argv: readonly string[], cwd = process.cwd()): string[] {
  // `plugin install FILE` and `plugin trust FILE.pub`: the file is the subcommand's argument.
  const [command, sub, pluginFile, ...pluginRest] = argv;
  if (command === 'plugin' && (sub === 'install' || sub === 'trust') && pluginFile && !pluginFile.startsWith('-'))
    return [command, sub, path.resolve(cwd, pluginFile), ...pluginRest];
  const [name, file, ...rest] = argv;
  if (!name || !FILE_COMMANDS.has(name) || file === undefined || file.startsWith('-')) return [...argv];
  return [name, path.resolve(cwd, file), ...rest];
}

/** The single file argument of backup / restore. */
export function fileArgument(command: string, argv: readonly string[]): string {
  const files = argv.filter((a) => !a.startsWith('-'));
  if (files.length !== 1 || files.length !== argv.length)
    throw new CliError(`Usage: npm run admin -- ${command} <file>`);
  return path.resolve(files[0]!);
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/**
 * Writes a gzipped tarball of the PGlite data folder, consistent (taken between transactions),
 * mode 0600 (it holds password hashes and TOTP secrets), never over an existing file. Runs in
 * whichever process holds the folder: the API while it runs, else the CLI.
 */
export async function backupDatabase(db: Database, file: string): Promise<string> {
  if (!isPgliteDatabase(db)) throw new CliError(POSTGRES_BACKUP_HINT);
  if (existsSync(file))
    throw new CliError(`${file} exists already: choose a new file name (a backup never overwrites one).`);
  const blob = await db.dumpDataDir();
  const temp = `${file}.${process.pid}.partial`;
  await writeFile(temp, Buffer.from(await blob.arrayBuffer()), { mode: 0o600, flag: 'wx' });
  await rename(temp, file);
  return `Backup written: ${file} (${mib(blob.size)}). Restore it with: DATA_DIR=<empty folder> npm run admin -- restore ${file}`;
}

/**
 * Loads a backup into DATA_DIR/pglite, which must be free (no process holds it) and empty: a
 * restore never replaces a database in place. Migrates it (an older backup gets newer tables)
 * and says what it holds.
 */
export async function restoreDatabase(
  config: Pick<AppConfig, 'dataDir' | 'databaseUrl'>,
  file: string,
): Promise<string> {
  if (config.databaseUrl) throw new CliError(POSTGRES_BACKUP_HINT);
  const folder = pgliteDir(config.dataDir);
  const holder = readDataDirLock(folder);
  if (holder) throw new DataDirBusyError(folder, holder);
  if (existsSync(folder) && readdirSync(folder).length > 0) {
    throw new CliError(
      `${folder} already holds a database; a restore never replaces one. Restore into an empty DATA_DIR ` +
        `(DATA_DIR=/path/to/new npm run admin -- restore ${file}), or move ${folder} aside first.`,
    );
  }
  let bytes: Buffer;
  try {
    if (!(await stat(file)).isFile()) throw new Error('not a file');
    bytes = await readFile(file);
  } catch {
    throw new CliError(`Cannot read the backup ${file}`);
  }
  try {
    // PGlite's own unpacking fails outside the caller's reach on a damaged file: check it first.
    gunzipSync(bytes);
  } catch {
    throw new CliError(`${file} is not a backup made by npm run admin -- backup (not a gzip file, or truncated)`);
  }
  let db;
  try {
    db = await openPglite({
      dataDir: folder,
      loadDataDir: new Blob([new Uint8Array(bytes)], { type: 'application/x-gzip' }),
      holder: 'cli',
    });
  } catch (error) {
    if (error instanceof DataDirBusyError) throw error;
    await rm(folder, { recursive: true, force: true });
    throw new CliError(`${file} is not a backup made by npm run admin -- backup (${(error as Error).message})`);
  }
  try {
    await migrate(db);
    const [counts] = await db.query<{ users: number; tenants: number }>(
      'SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM tenants) AS tenants',
    );
    return `Restored ${file} into ${folder}: ${counts!.tenants} tenant(s), ${counts!.users} user(s). Start the API with DATA_DIR=${config.dataDir}.`;
  } finally {
    await db.close();
  }
}
