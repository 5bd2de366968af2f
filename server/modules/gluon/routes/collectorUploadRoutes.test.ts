import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../../../test/testApp';
import { MAX_FILES_PER_INSTALL } from '../services/collectorUploads';

/** The files-per-install limit holds when a collector sends its files in parallel (PGlite and, in server-pg, PostgreSQL). */
describe('collector uploads: MAX_FILES_PER_INSTALL', () => {
  let t: TestApp;
  let storageDir: string;
  let token: string;
  beforeAll(async () => {
    storageDir = await mkdtemp(path.join(os.tmpdir(), 'gluon-cap-'));
    t = await createTestApp({ env: { GLUON_STORAGE_DIR: storageDir } });
    token = (await t.accessToken(await t.createUser())).token;
  });
  afterAll(async () => {
    await t?.close();
    await rm(storageDir, { recursive: true, force: true });
  });

  async function newInstall(): Promise<{ linkToken: string; installId: string }> {
    const link = await t.app.inject({
      method: 'POST',
      url: '/gluon-backend/sharedExtractorLinks',
      headers: { authorization: `Bearer ${token}` },
      payload: {},
    });
    expect(link.statusCode, link.body).toBe(201);
    const linkToken = link.json().token as string;
    const install = await t.app.inject({
      method: 'POST',
      url: `/gluon-backend/sharedExtractorLinks/${linkToken}`,
      payload: { fullName: 'Eve', email: 'eve@example.com', os: 'MAC' },
    });
    expect(install.statusCode, install.body).toBeLessThan(300);
    return { linkToken, installId: install.headers['x-install-id'] as string };
  }
  const send = (target: { linkToken: string; installId: string }, content: string) =>
    t.app.inject({
      method: 'POST',
      url: `/gluon-backend/sharedExtractorLinks/${target.linkToken}/installs/${target.installId}/files?name=shutdown.log`,
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.from(content),
    });
  const storedFiles = async (): Promise<number> => {
    let n = 0;
    for (const entry of await readdir(storageDir))
      if (/^[0-9a-f]{2}$/.test(entry)) n += (await readdir(path.join(storageDir, entry))).length;
    return n;
  };

  it('stores exactly the limit when more files arrive at once; the rest get the limit 429 and leave no bytes behind', async () => {
    const install = await newInstall();
    const extra = 20;
    const answers = await Promise.all(
      Array.from({ length: MAX_FILES_PER_INSTALL + extra }, (_, i) => send(install, `parallel file ${i}\n`)),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(MAX_FILES_PER_INSTALL);
    expect(statuses.filter((s) => s === 429)).toHaveLength(extra);
    for (const refused of answers.filter((a) => a.statusCode === 429)) {
      expect(refused.json()).toEqual({
        statusCode: 429,
        error: 'Too Many Requests',
        message: `This collector already sent ${MAX_FILES_PER_INSTALL} files.`,
      });
    }
    const [row] = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM gluon_inspections n JOIN gluon_devices d ON d.id = n.device_id WHERE d.collector_install_id = $1 AND n.origin = 'collector'",
      [install.installId],
    );
    expect(row!.n).toBe(MAX_FILES_PER_INSTALL);
    // Each file had its own bytes: the refused ones were removed after the transaction said no.
    expect(await storedFiles()).toBe(MAX_FILES_PER_INSTALL);
    expect(await readdir(path.join(storageDir, 'tmp'))).toEqual([]);

    // Full: the next one is refused by the pre-check, before its file is read.
    const late = await send(install, 'one more\n');
    expect(late.statusCode).toBe(429);
    expect(await storedFiles()).toBe(MAX_FILES_PER_INSTALL);

    // The limit is the install's: another install of the same tenant still sends.
    const other = await send(await newInstall(), 'parallel file 0\n');
    expect(other.statusCode, other.body).toBe(201);
  });
});
