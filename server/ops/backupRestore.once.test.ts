import { existsSync, statSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { buildApp } from '../app';
import { runCli } from '../cli/runCli';
import { loadConfig } from '../config';
import { pgliteDir } from '../db/index';
import { openPglite } from '../db/pglite';
import { TEST_PUBLIC_URL } from '../test/testApp';

async function cli(
  env: Record<string, string>,
  ...argv: string[]
): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(
    argv,
    env,
    { out: (t) => (out += `${t}\n`), err: (t) => (err += `${t}\n`) },
    { startupWaitMs: 500 },
  );
  return { code, out, err };
}

/**
 * Backup: `npm run admin -- backup <file>` while the API runs (through its operator
 * channel), `restore <file>` into a fresh DATA_DIR, and the restored database signs the user in.
 * PGlite only (PostgreSQL deployments use pg_dump / pg_restore, see docs/operations.md, "Backup and restore").
 */
describe('backup and restore of the embedded database', () => {
  let dir: string;
  let envOf: (dataDir: string) => Record<string, string>;
  let app: FastifyInstance | null = null;
  let backupFile: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'mtd-backup-'));
    envOf = (dataDir) => ({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PUBLIC_URL: TEST_PUBLIC_URL,
      DEV_IDP: 'off',
      STATIC_DIR: '/nonexistent-static-dir',
      KEYS_DIR: path.join(dir, 'keys'),
    });
    const template = inject('pgliteTemplate');
    const seed = await openPglite({
      dataDir: pgliteDir(path.join(dir, 'live')),
      ...(template ? { loadDataDir: new Blob([await readFile(template)]) } : {}),
    });
    await seed.close();
    app = await buildApp(loadConfig(envOf(path.join(dir, 'live'))), { logger: false });
    await app.ready();
    backupFile = path.join(dir, 'console.backup.tgz');
  });
  afterAll(async () => {
    await app?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('backs up while the API runs, restores into an empty DATA_DIR, and the user signs in there', async () => {
    const live = envOf(path.join(dir, 'live'));
    expect((await cli(live, 'create-tenant', '--name', 'Backed up')).code).toBe(0);
    expect(
      (await cli(live, 'create-user', '--email', 'kept@backup.example', '--password', 'Kept-Pass-1234')).code,
    ).toBe(0);

    // Relative to the operator's folder, written by the API process that holds the database.
    const backup = await cli(live, 'backup', path.relative(process.cwd(), backupFile));
    expect(backup.err).toBe('');
    expect(backup.out).toContain(`Backup written: ${backupFile}`);
    expect(statSync(backupFile).mode & 0o777).toBe(0o600);
    const again = await cli(live, 'backup', backupFile);
    expect(again).toMatchObject({ code: 2 });
    expect(again.err).toContain('exists already');

    // A change after the backup is not in it.
    expect(
      (await cli(live, 'create-user', '--email', 'later@backup.example', '--password', 'Later-Pass-1234')).code,
    ).toBe(0);

    // Never over the running database.
    const busy = await cli(live, 'restore', backupFile);
    expect(busy.code).toBe(1);
    expect(busy.err).toMatch(/in use by the API \(npm start\).*stop that process first/);

    const freshDir = path.join(dir, 'restored');
    const restored = await cli(envOf(freshDir), 'restore', backupFile);
    expect(restored.err).toBe('');
    expect(restored.out).toContain(`into ${pgliteDir(freshDir)}: 1 tenant(s), 1 user(s)`);
    const twice = await cli(envOf(freshDir), 'restore', backupFile);
    expect(twice.code).toBe(2);
    expect(twice.err).toContain('already holds a database; a restore never replaces one');

    const copy = await buildApp(loadConfig(envOf(freshDir)), { logger: false });
    try {
      const login = (username: string, password: string) =>
        copy.inject({ method: 'POST', url: '/um/login', payload: { username, password } });
      const signedIn = await login('kept@backup.example', 'Kept-Pass-1234');
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      expect(signedIn.json().token).toEqual(expect.any(String));
      expect((await login('later@backup.example', 'Later-Pass-1234')).statusCode).toBe(401);
    } finally {
      await copy.close();
    }
    // Two PGlite databases opened and copied: ~26 s on a machine shared with other work.
  }, 90_000);

  it('a file that is not a backup is refused and leaves no folder behind', async () => {
    const junk = path.join(dir, 'junk.tgz');
    await writeFile(junk, 'not a tarball');
    const target = path.join(dir, 'from-junk');
    const res = await cli(envOf(target), 'restore', junk);
    expect(res.code).toBe(2);
    expect(res.err).toContain('is not a backup made by npm run admin -- backup');
    expect(existsSync(pgliteDir(target))).toBe(false);
    expect((await cli(envOf(target), 'restore')).err).toContain('Usage: npm run admin -- restore <file>');
  });
});
