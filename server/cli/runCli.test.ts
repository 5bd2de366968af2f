import { existsSync, statSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { buildApp } from '../app';
import { loadConfig } from '../config';
import { acquireDataDirLock, DataDirBusyError, lockPathOf, readDataDirLock } from '../db/dataDirLock';
import { pgliteDir } from '../db/index';
import { openPglite } from '../db/pglite';
import { OPERATOR_RUN_PATH, OPERATOR_SECRET_REFUSED } from '../plugins/operatorChannel';
import { TEST_PUBLIC_URL } from '../test/testApp';
import { runCli } from './runCli';

/** Runs the CLI as `npm run admin -- ...` would, capturing what it prints. */
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

describe('operator CLI with and without a running API on the PGlite folder', () => {
  let dir: string;
  let env: Record<string, string>;
  let folder: string;
  let app: FastifyInstance | null = null;
  let inviteToken: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'mtd-cli-'));
    folder = pgliteDir(dir);
    env = {
      NODE_ENV: 'test',
      DATA_DIR: dir,
      PUBLIC_URL: TEST_PUBLIC_URL,
      DEV_IDP: 'off',
      STATIC_DIR: '/nonexistent-static-dir',
    };
    // A migrated folder from the run's template (an empty folder takes seconds to initialise).
    const template = inject('pgliteTemplate');
    const seed = await openPglite({
      dataDir: folder,
      ...(template ? { loadDataDir: new Blob([await readFile(template)]) } : {}),
    });
    await seed.close();
    app = await buildApp(loadConfig(env), { logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('while the API holds the folder, commands run inside it with the same output', async () => {
    const lock = readDataDirLock(folder);
    expect(lock).toMatchObject({
      pid: process.pid,
      holder: 'api',
      operator: { url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/) },
    });
    expect(statSync(lockPathOf(folder)).mode & 0o777).toBe(0o600);

    const tenant = await cli(env, 'create-tenant', '--name', 'Acme');
    expect(tenant).toMatchObject({ code: 0, err: '' });
    expect(tenant.out).toMatch(/^Tenant "Acme" created: [0-9a-f-]{36}\n$/);

    const invite = await cli(env, 'invite', '--email', 'Colleague@Acme.example');
    expect(invite.code).toBe(0);
    const link = new RegExp(`(${TEST_PUBLIC_URL}/invite/([A-Za-z0-9_-]+))$`, 'm').exec(invite.out)!;
    inviteToken = link[2]!;
    // The API sees the invitation at once: same database, no restart.
    const read = await app!.inject({ url: `/um/invite/${inviteToken}` });
    expect(read.json()).toMatchObject({ username: 'colleague@acme.example', expired: false });

    const outbox = await cli(env, 'outbox', '--to', 'colleague@acme.example');
    expect(outbox.code).toBe(0);
    expect(outbox.out).toContain('Subject: You are invited to the MTD console');
    expect(outbox.out).toContain(link[1]);
    const mailbox = await app!.inject({ url: '/dev/mailbox/messages?to=colleague@acme.example' });
    expect(mailbox.json().items.at(-1).links).toEqual([link[1]]);

    const collector = await cli(env, 'create-collector-link', '--limit', '2');
    const collectorToken = new RegExp(`${TEST_PUBLIC_URL}/collector/(\\S+)$`, 'm').exec(collector.out)![1]!;
    expect(
      (await app!.inject({ url: `/gluon-backend/sharedExtractorLinks/${collectorToken}/validate` })).json(),
    ).toMatchObject({ valid: true, remainingInstalls: 2 });

    const help = await cli(env, 'invite', '--help');
    expect(help.out).toMatch(/--email <value> \(required\)/);
  });

  it("reports the operator's mistakes with exit code 2, as without the API", async () => {
    const bad = await cli(env, 'create-user', '--email', 'not-an-address');
    expect(bad).toMatchObject({ code: 2, out: '' });
    expect(bad.err).toContain('--email: "not-an-address" is not an e-mail address');
    const twice = await cli(env, 'create-tenant');
    expect(twice.err).toContain('--name is required');
    const unknown = await cli(env, 'nonsense');
    expect(unknown).toMatchObject({ code: 2 });
    expect(unknown.err).toContain('Unknown command "nonsense"');
  });

  it('the channel refuses a caller without the secret of the lock file', async () => {
    const { url, secret } = readDataDirLock(folder)!.operator!;
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${secret}x`, secret]) {
      const res = await fetch(new URL(OPERATOR_RUN_PATH, url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        body: JSON.stringify({ argv: ['list-users'] }),
      });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(JSON.stringify(await res.json())).not.toContain('acme.example');
    }
    const refused = await fetch(new URL(OPERATOR_RUN_PATH, url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer wrong' },
      body: JSON.stringify({ argv: ['list-users'] }),
    });
    expect(refused.status).toBe(401);
    expect((await refused.json()).message).toBe(OPERATOR_SECRET_REFUSED);
  });

  it('a second API on the same folder fails at once, saying what to do', async () => {
    const error = await buildApp(loadConfig(env), { logger: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataDirBusyError);
    expect((error as Error).message).toMatch(
      /is in use by the API \(npm start\).*stop that process first.*another DATA_DIR.*npm run admin/,
    );
  });

  it('without the API, the CLI opens the folder itself (and holds it only meanwhile)', async () => {
    await app!.close();
    app = null;
    expect(existsSync(lockPathOf(folder))).toBe(false);

    const users = await cli(env, 'list-users');
    expect(users.code).toBe(0);
    expect(users.out).toMatch(/colleague@acme\.example\tinvited\ttenant "Acme"/);
    const quick = await cli(env, 'quick-link', '--os', 'MAC');
    expect(quick.out).toContain(`${TEST_PUBLIC_URL}/collector/quick?tokenquick=`);
    const outbox = await cli(env, 'outbox', '--to', 'colleague@acme.example');
    expect(outbox.out).toContain(`${TEST_PUBLIC_URL}/invite/${inviteToken}`);
    expect(existsSync(lockPathOf(folder))).toBe(false);

    // The API started again reads what the CLI wrote.
    app = await buildApp(loadConfig(env), { logger: false });
    await app.ready();
    expect((await app.inject({ url: `/um/invite/${inviteToken}` })).statusCode).toBe(200);
  });

  it('waits for an API that is still starting, then says who holds the folder', async () => {
    await app!.close();
    app = null;
    const starting = acquireDataDirLock(folder, 'api');
    try {
      const started = Date.now();
      const res = await cli(env, 'list-users');
      expect(Date.now() - started).toBeGreaterThanOrEqual(450);
      expect(res.code).toBe(1);
      expect(res.err).toContain(`is in use by the API (npm start), pid ${process.pid}`);
    } finally {
      starting.release();
    }
    const held = acquireDataDirLock(folder, 'cli');
    try {
      const res = await cli(env, 'list-users');
      expect(res).toMatchObject({ code: 1 });
      expect(res.err).toMatch(/in use by an operator command .*Wait for that command to finish/);
    } finally {
      held.release();
    }
  });
});
