import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { acquireDataDirLock, assertDataDirFree, DataDirBusyError, lockPathOf, readDataDirLock } from './dataDirLock';

/** A pid that certainly belonged to a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe('data folder lock', () => {
  let dir: string;
  let folder: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'mtd-lock-'));
    folder = path.join(dir, 'pglite');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is taken once: a second taker learns who holds the folder and what to do', () => {
    const lock = acquireDataDirLock(folder, 'api');
    expect(lock.path).toBe(`${folder}.lock`);
    expect(statSync(lock.path).mode & 0o777).toBe(0o600);
    expect(readDataDirLock(folder)).toMatchObject({ pid: process.pid, holder: 'api' });
    const error = (() => {
      try {
        acquireDataDirLock(folder, 'cli');
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(DataDirBusyError);
    expect((error as Error).message).toContain(
      `The PGlite folder ${folder} is in use by the API (npm start), pid ${process.pid}`,
    );
    expect((error as Error).message).toMatch(
      /stop that process first .*another DATA_DIR or with DATABASE_URL.*npm run admin/,
    );
    expect(() => assertDataDirFree(folder)).toThrow(DataDirBusyError);
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
    expect(readDataDirLock(folder)).toBeNull();
    expect(() => assertDataDirFree(folder)).not.toThrow();
  });

  it('tells an operator command apart: wait for it', () => {
    const lock = acquireDataDirLock(folder, 'cli');
    expect(() => acquireDataDirLock(folder, 'api')).toThrow(
      /in use by an operator command \(npm run admin\).*Wait for that command to finish/,
    );
    lock.release();
  });

  it('advertises the operator endpoint to readers and withdraws it', () => {
    const lock = acquireDataDirLock(folder, 'api');
    lock.advertise({ url: 'http://127.0.0.1:4567', secret: 's3cret' });
    expect(readDataDirLock(folder)?.operator).toEqual({ url: 'http://127.0.0.1:4567', secret: 's3cret' });
    expect(statSync(lock.path).mode & 0o777).toBe(0o600);
    lock.advertise(null);
    expect(readDataDirLock(folder)?.operator).toBeUndefined();
    lock.release();
  });

  it('replaces the lock of a process that has ended, and debris older than a few seconds', () => {
    const stale = { pid: deadPid(), holder: 'api', hostname: os.hostname(), startedAt: new Date().toISOString() };
    writeFileSync(lockPathOf(folder), JSON.stringify(stale));
    expect(readDataDirLock(folder)).toBeNull();
    const lock = acquireDataDirLock(folder, 'api');
    expect(JSON.parse(readFileSync(lock.path, 'utf8')).pid).toBe(process.pid);
    lock.release();

    writeFileSync(lockPathOf(folder), '');
    expect(() => acquireDataDirLock(folder, 'api')).toThrow(/being opened by another process/);
    const old = new Date(Date.now() - 60_000);
    utimesSync(lockPathOf(folder), old, old);
    acquireDataDirLock(folder, 'api').release();
  });

  it('never removes a lock another process took over', () => {
    const lock = acquireDataDirLock(folder, 'api');
    const other = { pid: process.ppid, holder: 'api', hostname: os.hostname(), startedAt: new Date().toISOString() };
    writeFileSync(lock.path, JSON.stringify(other));
    lock.release();
    expect(JSON.parse(readFileSync(lockPathOf(folder), 'utf8')).pid).toBe(process.ppid);
  });
});
