import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { buildApp } from '../app';
import { type AppConfig, loadConfig } from '../config';
import { registerGluonJobs } from '../modules/gluon/jobs';
import { sampleSysdiagnose } from '../modules/gluon/services/sampleUploads';
import { storageFromConfig } from '../modules/gluon/services/storageFromConfig';
import { generateSigningKeyPem } from '../plugins/keys';
import { JobQueue } from '../queue';
import { hashPassword } from '../services/passwords';
import { ALL_PERMISSIONS } from '../services/users';
import { S3RVER_CREDENTIALS, startTestS3, type TestS3 } from '../test/s3Server';
import { createTestPostgresUrl } from '../test/testApp';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test reads of JSON answers

const PASSWORD = 'Two-Instances-Files-1';

/**
 * Two API instances on one PostgreSQL database and one object store (s3rver on
 * loopback), each with its own pool, storage client and (empty) local folder, as two machines
 * have. What A receives, B shows, serves and inspects; the job queue is shared. Workers are run
 * by the test (GLUON_WORKER=off) so which instance claims a job is known. PostgreSQL only.
 */
describe('two API instances on PostgreSQL and an object store', () => {
  let s3: TestS3;
  const apps: Array<{ app: FastifyInstance; config: AppConfig; dir: string }> = [];
  let headers: Record<string, string>;
  const signingKeyPem = generateSigningKeyPem();

  async function instance(url: string) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'gluon-two-local-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: url,
      PUBLIC_URL: 'https://console.example',
      DEV_IDP: 'off',
      STATIC_DIR: '/nonexistent-static-dir',
      DATA_DIR: path.join(dir, 'data'),
      STORAGE_URL: 's3://gluon-two/files',
      AWS_ENDPOINT_URL_S3: s3.endpoint,
      STORAGE_S3_PATH_STYLE: 'on',
      // Set to show it is not used: each instance's own folder stays empty.
      GLUON_STORAGE_DIR: dir,
      GLUON_WORKER: 'off',
    });
    const app = await buildApp(config, { signingKeyPem, logger: false });
    await app.ready();
    apps.push({ app, config, dir });
    return app;
  }

  beforeAll(async () => {
    s3 = await startTestS3('gluon-two');
    vi.stubEnv('AWS_ACCESS_KEY_ID', S3RVER_CREDENTIALS.accessKeyId);
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', S3RVER_CREDENTIALS.secretAccessKey);
    const url = await createTestPostgresUrl('files');
    const a = await instance(url);
    await instance(url);
    const email = `files-${randomUUID().slice(0, 8)}@instances.example`;
    const [tenant] = await a.db.query<{ id: string }>(
      "INSERT INTO tenants (name) VALUES ('Two instances, one bucket') RETURNING id",
    );
    await a.db.query('INSERT INTO users (tenant_id, email, password_hash, permissions) VALUES ($1, $2, $3, $4)', [
      tenant!.id,
      email,
      await hashPassword(PASSWORD),
      [...ALL_PERMISSIONS],
    ]);
    const login = await a.inject({
      method: 'POST',
      url: '/um/login',
      payload: { username: email, password: PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    headers = { authorization: `Bearer ${login.json().token}` };
  });
  afterAll(async () => {
    for (const { app, dir } of apps) {
      await app.close();
      await rm(dir, { recursive: true, force: true });
    }
    vi.unstubAllEnvs();
    await s3?.close();
  });

  const A = () => apps[0]!.app;
  const B = () => apps[1]!.app;
  /** Gluon's workers of instance i on a queue of its own: its database pool and storage client, as on that machine. */
  const workerOf = (i: number) => {
    const { app, config } = apps[i]!;
    const queue = new JobQueue(app.db, { workerId: `instance-${i}` });
    registerGluonJobs(queue, { db: app.db, storage: storageFromConfig(config.gluon), log: app.log });
    return queue;
  };
  const objects = async () =>
    ((await s3.client.send(new ListObjectsV2Command({ Bucket: 'gluon-two' }))).Contents ?? []).map((o) => o.Key!);
  const status = async (inspectionId: string) =>
    (
      await A().db.query<{ status: string; device_id: string }>(
        'SELECT status, device_id FROM gluon_inspections WHERE id = $1',
        [inspectionId],
      )
    )[0]!;

  it('uploaded on A: the job is claimed by B’s worker; device, crash content and download on B; rescan asked and run on B', async () => {
    const sample = sampleSysdiagnose();
    const up = await A().inject({
      method: 'POST',
      url: '/gluon-backend/uploads?name=two.tar.gz',
      headers: { ...headers, 'content-type': 'application/octet-stream' },
      payload: sample,
    });
    expect(up.statusCode, up.body).toBe(201);
    const inspectionId = up.json().upload.inspectionId as string;
    expect(await objects()).toEqual([expect.stringMatching(/^files\/[0-9a-f]{2}\/[0-9a-f]{64}$/)]);

    const workerB = workerOf(1);
    expect(await workerB.tick()).toBe(1);
    const [job] = await A().db.query<{ claimed_by: string | null; state: string }>(
      "SELECT claimed_by, state FROM queue_jobs WHERE queue = 'gluon.inspect' AND data->>'inspectionId' = $1",
      [inspectionId],
    );
    expect(job).toEqual({ claimed_by: workerB.workerId, state: 'completed' });
    const { status: done, device_id: deviceId } = await status(inspectionId);
    expect(done).toBe('done');

    const list = (await B().inject({ url: '/gluon-backend/devices', headers })).json() as Json;
    expect(list.items.map((d: Json) => d.id)).toEqual([deviceId]);
    expect((await B().inject({ url: `/gluon-backend/devices/${deviceId}`, headers })).json().device.inspections).toBe(
      1,
    );
    const crashes = (await B().inject({ url: `/gluon-backend/devices/${deviceId}/crashes`, headers })).json() as Json[];
    const safari = crashes.find((c) => String(c.path).endsWith('MobileSafari-2023-06-01.ips'))!;
    const content = await B().inject({
      url: `/gluon-backend/devices/${deviceId}/crashes/content?inspectionId=${safari.inspectionId}&path=${encodeURIComponent(safari.path)}`,
      headers,
    });
    expect(content.statusCode, content.body).toBe(200);
    expect(content.json().text).toContain('"procName"');
    const files = (await B().inject({ url: `/gluon-backend/devices/${deviceId}/files`, headers })).json() as Json[];
    const download = await B().inject({ url: `/gluon-backend/files/${files[0]!.id}`, headers });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(sample)).toBe(true);

    expect(
      (await B().inject({ method: 'POST', url: `/gluon-backend/devices/${deviceId}/rescan`, headers })).statusCode,
    ).toBe(202);
    expect(await workerOf(1).tick()).toBe(1);
    const rescans = await A().db.query<{ status: string }>(
      "SELECT status FROM gluon_inspections WHERE device_id = $1 AND origin = 'rescan'",
      [deviceId],
    );
    expect(rescans.map((r) => r.status)).toEqual(['done']);
    for (const { dir } of apps) expect((await readdir(dir)).filter((e) => /^[0-9a-f]{2}$/.test(e))).toEqual([]);
  });

  it('a collector’s files sent to A and B in turn land on one device; each is inspected by the other instance and downloads from both', async () => {
    const link = await A().inject({ method: 'POST', url: '/gluon-backend/sharedExtractorLinks', headers, payload: {} });
    expect(link.statusCode, link.body).toBe(201);
    const linkToken = link.json().token as string;
    const install = await B().inject({
      method: 'POST',
      url: `/gluon-backend/sharedExtractorLinks/${linkToken}`,
      payload: { fullName: 'Eve', email: 'eve@example.com', os: 'MAC' },
    });
    expect(install.statusCode, install.body).toBeLessThan(300);
    const installId = install.headers['x-install-id'] as string;
    const before = (await objects()).length;
    const sent = [];
    for (let i = 0; i < 4; i++) {
      const to = i % 2 === 0 ? A() : B();
      const res = await to.inject({
        method: 'POST',
        url: `/gluon-backend/sharedExtractorLinks/${linkToken}/installs/${installId}/files?name=shutdown.log`,
        headers: { 'content-type': 'application/octet-stream' },
        payload: Buffer.from(`collector file ${i} sent to ${i % 2 === 0 ? 'A' : 'B'}\n`),
      });
      expect(res.statusCode, res.body).toBe(201);
      sent.push(res.json());
    }
    expect((await objects()).length).toBe(before + 4);
    // The files sent to A are inspected by B's worker and the others by A's.
    for (let i = 0; i < 4; i++) expect(await workerOf(i % 2 === 0 ? 1 : 0).tick()).toBe(1);
    const rows = await A().db.query<{ status: string; device_id: string; file_id: string }>(
      "SELECT n.status, n.device_id, n.file_id FROM gluon_inspections n JOIN gluon_devices d ON d.id = n.device_id WHERE d.collector_install_id = $1 AND n.origin = 'collector'",
      [installId],
    );
    expect(rows.map((r) => r.status)).toEqual(['done', 'done', 'done', 'done']);
    expect(new Set(rows.map((r) => r.device_id)).size).toBe(1);
    for (const row of rows)
      for (const app of [A(), B()]) {
        const file = await app.inject({ url: `/gluon-backend/files/${row.file_id}`, headers });
        expect(file.statusCode).toBe(200);
        expect(file.body).toMatch(/^collector file \d sent to [AB]\n$/);
      }
    expect(sent).toHaveLength(4);
  });
});
