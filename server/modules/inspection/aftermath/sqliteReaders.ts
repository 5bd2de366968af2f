import initSqlJs, { type Database as SqlDatabase, type SqlJsStatic } from 'sql.js';

import type { Download, TccGrant, XprotectDetection } from './macTypes';
import { cfAbsoluteToIso } from './textParsers';

let engine: Promise<SqlJsStatic> | null = null;

/** SQLite in WebAssembly (sql.js): loaded once per process, databases opened in memory from bytes. */
export function sqlite(): Promise<SqlJsStatic> {
  engine ??= initSqlJs();
  return engine;
}

const SQLITE_HEAD = 'SQLite format 3\u0000';

/**
 * The size an SQLite file's header declares (page size x page count), or null when the count is
 * not to be trusted (written by a version that does not keep it: its change counter and
 * version-valid-for differ).
 */
function declaredBytes(data: Uint8Array): number | null {
  if (data.length < 100) return null;
  const view = new DataView(data.buffer, data.byteOffset, 100);
  const pageSize = view.getUint16(16) === 1 ? 65_536 : view.getUint16(16);
  const pages = view.getUint32(28);
  if (pages === 0 || view.getUint32(24) !== view.getUint32(92)) return null;
  return pageSize * pages;
}

/**
 * Runs `read` over an SQLite file's bytes; a file that is not one, or one cut short (a copy
 * interrupted, an upload truncated), throws a message the uploader can read rather than sql.js's
 * "malformed" from the middle of a query.
 */
export async function withDatabase<T>(data: Uint8Array, read: (db: SqlDatabase) => T): Promise<T> {
  if (Buffer.from(data.subarray(0, 16)).toString('latin1') !== SQLITE_HEAD) throw new Error('not an SQLite database');
  if (data.length < 100)
    throw new Error(`truncated SQLite database: ${data.length} bytes, short of its 100-byte header`);
  const declared = declaredBytes(data);
  if (declared !== null && declared > data.length)
    throw new Error(`truncated SQLite database: ${data.length} of the ${declared} bytes its header declares`);
  const SQL = await sqlite();
  const db = new SQL.Database(data);
  try {
    return read(db);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/malformed|not a database|disk image/i.test(message)) throw new Error(`damaged SQLite database (${message})`);
    throw error;
  } finally {
    db.close();
  }
}

export function rows(db: SqlDatabase, sql: string, limit: number): Record<string, unknown>[] {
  const statement = db.prepare(sql);
  const out: Record<string, unknown>[] = [];
  try {
    while (out.length < limit && statement.step()) out.push(statement.getAsObject());
  } finally {
    statement.free();
  }
  return out;
}

export function columns(db: SqlDatabase, table: string): Set<string> {
  const info = rows(db, `PRAGMA table_info(${JSON.stringify(table)})`, 1000);
  return new Set(info.map((r) => String(r.name)));
}

export const str = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));

const AUTH = ['denied', 'unknown', 'allowed', 'limited'] as const;

/** Rows one database gives at most (a TCC.db holds hundreds, a quarantine database thousands). */
export const MAX_SQLITE_ROWS = 50_000;

/** TCC.db's `access` table: service, client, client type, auth value, last modified (Unix seconds). */
export async function readTcc(data: Uint8Array, source: string): Promise<TccGrant[]> {
  return withDatabase(data, (db) => {
    const have = columns(db, 'access');
    if (!have.has('service') || !have.has('client')) throw new Error('no TCC access table');
    const auth = have.has('auth_value') ? 'auth_value' : have.has('allowed') ? 'allowed * 2' : '1';
    const type = have.has('client_type') ? 'client_type' : '0';
    const modified = have.has('last_modified') ? 'last_modified' : 'NULL';
    return rows(
      db,
      `SELECT service, client, ${type} AS client_type, ${auth} AS auth, ${modified} AS modified FROM access`,
      MAX_SQLITE_ROWS,
    ).map((r) => {
      const seconds = Number(r.modified);
      return {
        service: String(r.service),
        client: String(r.client),
        clientType: Number(r.client_type) === 1 ? 'path' : 'bundle',
        auth: AUTH[Number(r.auth)] ?? 'unknown',
        at: Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000).toISOString() : null,
        source,
      } satisfies TccGrant;
    });
  });
}

/** QuarantineEventsV2's LSQuarantineEvent: what was downloaded, by which app, from where (CFAbsolute times). */
export async function readQuarantine(data: Uint8Array, source: string): Promise<Download[]> {
  return withDatabase(data, (db) => {
    const have = columns(db, 'LSQuarantineEvent');
    if (have.size === 0) throw new Error('no LSQuarantineEvent table');
    const col = (name: string) => (have.has(name) ? name : 'NULL');
    return rows(
      db,
      `SELECT ${col('LSQuarantineTimeStamp')} AS t, ${col('LSQuarantineAgentBundleIdentifier')} AS bundle, ${col('LSQuarantineAgentName')} AS agent,
              ${col('LSQuarantineDataURLString')} AS url, ${col('LSQuarantineOriginURLString')} AS origin FROM LSQuarantineEvent`,
      MAX_SQLITE_ROWS,
    ).map((r) => ({
      at: cfAbsoluteToIso(r.t),
      agent: str(r.bundle) ?? str(r.agent),
      url: str(r.url),
      origin: str(r.origin),
      source,
    }));
  });
}

/**
 * XProtect's behavioural database (XPdb, macOS 13+): its `events` table names the rule a process
 * broke, the executable, and the responsible app's signing and team ids and digest.
 */
export async function readXprotect(data: Uint8Array): Promise<XprotectDetection[]> {
  return withDatabase(data, (db) => {
    const have = columns(db, 'events');
    if (have.size === 0) throw new Error('no XProtect events table');
    const col = (name: string) => (have.has(name) ? name : 'NULL');
    return rows(
      db,
      `SELECT ${col('violated_rule')} AS rule, ${col('exec_path')} AS path, ${col('responsible_team_id')} AS team,
              ${col('responsible_signing_id')} AS signing, ${col('exec_sha256')} AS sha, ${col('dt')} AS dt FROM events`,
      MAX_SQLITE_ROWS,
    ).map((r) => {
      const dt = str(r.dt);
      const parsed = dt ? Date.parse(dt.includes('T') ? dt : `${dt.replace(' ', 'T')}Z`) : NaN;
      return {
        rule: str(r.rule) ?? 'unknown rule',
        path: str(r.path) ?? '',
        teamId: str(r.team),
        signingId: str(r.signing),
        sha256: str(r.sha)?.toLowerCase() ?? null,
        at: Number.isFinite(parsed) ? new Date(parsed).toISOString() : null,
      };
    });
  });
}
