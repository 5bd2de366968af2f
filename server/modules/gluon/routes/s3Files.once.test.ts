import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { JobQueue } from '../../../queue';
import { S3RVER_CREDENTIALS, startTestS3, type TestS3 } from '../../../test/s3Server';
import { createTestApp, type TestApp } from '../../../test/testApp';
import { registerGluonJobs } from '../jobs';
import { sampleSysdiagnose } from '../services/sampleUploads';
import { storageFromConfig } from '../services/storageFromConfig';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test reads of JSON answers

describe('gluon with STORAGE_URL: files on the object store', () => {
  let s3: TestS3;
  let t: TestApp;
  let localDir: string;
  let headers: Record<string, string>;
  beforeAll(async () => {
    s3 = await startTestS3('gluon-app');
    localDir = await mkdtemp(path.join(os.tmpdir(), 'gluon-s3-local-'));
    vi.stubEnv('AWS_ACCESS_KEY_ID', S3RVER_CREDENTIALS.accessKeyId);
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', S3RVER_CREDENTIALS.secretAccessKey);
    // GLUON_STORAGE_DIR is set to show that it is not used once STORAGE_URL is.
    t = await createTestApp({
      env: {
        STORAGE_URL: 's3://gluon-app/tenant-files',
        AWS_ENDPOINT_URL_S3: s3.endpoint,
        STORAGE_S3_PATH_STYLE: 'on',
        GLUON_STORAGE_DIR: localDir,
        GLUON_WORKER: 'off',
        GLUON_UPLOAD_LIMIT_MB: '1',
      },
    });
    headers = { authorization: `Bearer ${(await t.accessToken(await t.createUser())).token}` };
  });
  afterAll(async () => {
    await t?.close();
    vi.unstubAllEnvs();
    await s3?.close();
    await rm(localDir, { recursive: true, force: true });
  });

  it('stores an upload in the bucket, inspects it from there, serves its crash reports and its download', async () => {
    const sample = sampleSysdiagnose();
    const up = await t.app.inject({
      method: 'POST',
      url: '/gluon-backend/uploads?name=s.tar.gz',
      headers: { ...headers, 'content-type': 'application/octet-stream' },
      payload: sample,
    });
    expect(up.statusCode, up.body).toBe(201);
    const keys = ((await s3.client.send(new ListObjectsV2Command({ Bucket: 'gluon-app' }))).Contents ?? []).map(
      (o) => o.Key,
    );
    expect(keys).toEqual([expect.stringMatching(/^tenant-files\/[0-9a-f]{2}\/[0-9a-f]{64}$/)]);
    expect(await readdir(localDir)).toEqual([]);

    // A worker with its own client on the same configuration (as on another instance) runs the job.
    const worker = new JobQueue(t.db);
    registerGluonJobs(worker, { db: t.db, storage: storageFromConfig(t.config.gluon), log: t.app.log });
    expect(await worker.tick()).toBe(1);
    const [inspection] = await t.db.query<{ status: string; device_id: string }>(
      'SELECT status, device_id FROM gluon_inspections WHERE id = $1',
      [up.json().upload.inspectionId],
    );
    expect(inspection!.status).toBe('done');
    const deviceId = inspection!.device_id;

    const crashes = (
      await t.app.inject({ method: 'GET', url: `/gluon-backend/devices/${deviceId}/crashes`, headers })
    ).json() as Json[];
    const safari = crashes.find((c) => String(c.path).endsWith('MobileSafari-2023-06-01.ips'))!;
    const content = await t.app.inject({
      method: 'GET',
      url: `/gluon-backend/devices/${deviceId}/crashes/content?inspectionId=${safari.inspectionId}&path=${encodeURIComponent(safari.path)}`,
      headers,
    });
    expect(content.json().text).toContain('"procName"');

    const files = (
      await t.app.inject({ method: 'GET', url: `/gluon-backend/devices/${deviceId}/files`, headers })
    ).json() as Json[];
    const file = await t.app.inject({ method: 'GET', url: `/gluon-backend/files/${files[0]!.id}`, headers });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-length']).toBe(String(sample.length));
    expect(file.rawPayload.equals(sample)).toBe(true);
  });

  it('answers 413 to an upload past the limit and leaves nothing in the bucket', async () => {
    const objects = async () =>
      ((await s3.client.send(new ListObjectsV2Command({ Bucket: 'gluon-app' }))).Contents ?? []).map((o) => o.Key);
    const before = await objects();
    const res = await t.app.inject({
      method: 'POST',
      url: '/gluon-backend/uploads?name=big.log',
      headers: { ...headers, 'content-type': 'application/octet-stream' },
      payload: Buffer.alloc(3 * 1024 * 1024, 0x61),
    });
    expect(res.statusCode).toBe(413);
    expect(await objects()).toEqual(before);
    expect(await s3.pendingUploads()).toEqual([]);
  });
});
