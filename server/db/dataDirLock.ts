import { closeSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * One process per PGlite folder: PGlite is a single-user PostgreSQL, and two processes writing
 * the same files corrupt them. The process that opens `<folder>` first creates `<folder>.lock`
 * (exclusive create) and removes it on close; every other opener reads it and either reports
 * who holds the folder or, when the API holds it, talks to the API's operator channel instead
 * (server/plugins/operatorChannel.ts). A lock whose process is gone is stale and replaced.
 */

/** Who holds the folder: `api` (npm start, buildApp) or `cli` (an operator command opened it itself). */
export type LockHolder = 'api' | 'cli';

/** Where the API listens for operator commands (loopback only) and the secret it expects. */
export interface OperatorEndpoint {
  url: string;
  secret: string;
}

export interface LockInfo {
  pid: number;
  holder: LockHolder;
  hostname: string;
  startedAt: string;
  operator?: OperatorEndpoint;
}

export interface DataDirLock {
  readonly path: string;
  /** Rewrites the lock with the operator endpoint (only the holding process calls it). */
  advertise(operator: OperatorEndpoint | null): void;
  release(): void;
}

/** The folder is held by another live process; the message says what to do. */
export class DataDirBusyError extends Error {
  constructor(
    readonly folder: string,
    readonly info: LockInfo | null,
  ) {
    super(busyMessage(folder, info));
    this.name = 'DataDirBusyError';
  }
}

export function lockPathOf(folder: string): string {
  return `${path.resolve(folder)}.lock`;
}

function busyMessage(folder: string, info: LockInfo | null): string {
  const where = `The PGlite folder ${folder}`;
  if (!info)
    return `${where} is being opened by another process (${lockPathOf(folder)} is new). Try again in a few seconds.`;
  const who = `${info.holder === 'api' ? 'the API (npm start)' : 'an operator command (npm run admin)'}, pid ${info.pid}${info.hostname === os.hostname() ? '' : ` on ${info.hostname}`}, since ${info.startedAt}`;
  if (info.holder === 'api') {
    return (
      `${where} is in use by ${who}. PGlite allows one process per folder: stop that process first ` +
      '(Ctrl+C in its terminal), or start this one with another DATA_DIR or with DATABASE_URL. ' +
      'Operator commands (npm run admin -- ...) work while it runs.'
    );
  }
  return `${where} is in use by ${who}. Wait for that command to finish and try again.`;
}

function parse(text: string): LockInfo | null {
  try {
    const v = JSON.parse(text) as Partial<LockInfo>;
    if (
      typeof v.pid !== 'number' ||
      (v.holder !== 'api' && v.holder !== 'cli') ||
      typeof v.hostname !== 'string' ||
      typeof v.startedAt !== 'string'
    )
      return null;
    const operator =
      v.operator && typeof v.operator.url === 'string' && typeof v.operator.secret === 'string'
        ? { url: v.operator.url, secret: v.operator.secret }
        : undefined;
    return {
      pid: v.pid,
      holder: v.holder,
      hostname: v.hostname,
      startedAt: v.startedAt,
      ...(operator ? { operator } : {}),
    };
  } catch {
    return null;
  }
}

function processAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A lock is stale when its process is gone (same machine) or it predates the last boot. */
function isStale(info: LockInfo): boolean {
  const bootedAt = Date.now() - os.uptime() * 1000;
  if (Date.parse(info.startedAt) < bootedAt - 60_000) return true;
  if (info.hostname !== os.hostname()) return false;
  return !processAlive(info.pid);
}

/** A lock file being written right now reads empty: young and unreadable means busy, old means debris. */
const UNREADABLE_GRACE_MS = 10_000;

type LockState = { state: 'free' } | { state: 'held'; info: LockInfo } | { state: 'stale' } | { state: 'starting' };

function inspect(lockPath: string): LockState {
  let text: string;
  let mtime: number;
  try {
    text = readFileSync(lockPath, 'utf8');
    mtime = statSync(lockPath).mtimeMs;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { state: 'free' };
    throw error;
  }
  const info = parse(text);
  if (!info) return Date.now() - mtime < UNREADABLE_GRACE_MS ? { state: 'starting' } : { state: 'stale' };
  return isStale(info) ? { state: 'stale' } : { state: 'held', info };
}

/** Who holds `folder` now (null: nobody, or only a stale lock). Never creates or removes anything. */
export function readDataDirLock(folder: string): LockInfo | null {
  const found = inspect(lockPathOf(folder));
  if (found.state === 'held') return found.info;
  if (found.state === 'starting') throw new DataDirBusyError(folder, null);
  return null;
}

/** Throws DataDirBusyError when another live process holds `folder`. */
export function assertDataDirFree(folder: string): void {
  const holder = readDataDirLock(folder);
  if (holder) throw new DataDirBusyError(folder, holder);
}

function writeLock(lockPath: string, info: LockInfo, flag: 'wx' | 'w'): void {
  const fd = openSync(lockPath, flag, 0o600);
  try {
    writeSync(fd, JSON.stringify(info));
  } finally {
    closeSync(fd);
  }
}

/**
 * Takes `folder` for this process (exclusive create of `<folder>.lock`, mode 0600: the operator
 * secret goes in it). Throws DataDirBusyError when a live process holds it; replaces a stale lock.
 */
export function acquireDataDirLock(folder: string, holder: LockHolder): DataDirLock {
  const lockPath = lockPathOf(folder);
  const info: LockInfo = { pid: process.pid, holder, hostname: os.hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 0; ; attempt++) {
    try {
      writeLock(lockPath, info, 'wx');
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const found = inspect(lockPath);
      if (found.state === 'held') throw new DataDirBusyError(folder, found.info);
      if (found.state === 'starting' || attempt >= 2) throw new DataDirBusyError(folder, null);
      if (found.state === 'stale') rmSync(lockPath, { force: true });
    }
  }
  let released = false;
  let current = info;
  return {
    path: lockPath,
    advertise(operator) {
      if (released) return;
      const { operator: _previous, ...rest } = current;
      current = operator ? { ...rest, operator } : rest;
      // Write beside and rename: a reader never sees a half-written lock.
      const temp = `${lockPath}.${process.pid}.tmp`;
      writeLock(temp, current, 'w');
      renameSync(temp, lockPath);
    },
    release() {
      if (released) return;
      released = true;
      // Only our own lock: never remove one another process wrote after a stale take-over.
      const found = inspect(lockPath);
      if (found.state === 'held' && found.info.pid === process.pid && found.info.startedAt === info.startedAt)
        rmSync(lockPath, { force: true });
    },
  };
}
