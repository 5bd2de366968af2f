import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { createTestApp, type TestApp } from '../../../test/testApp';
import { sampleSysdiagnose } from '../services/sampleUploads';

const SECRET = 'wJalrXUtnFEMI-do-not-log-me';

/** A loopback port nothing listens on: the object store is down (connections refused). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('gluon with its object store down', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let log = '';
  const lines = () =>
    log
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  beforeAll(async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIAEXAMPLEKEY');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', SECRET);
    t = await createTestApp({
      env: {
        STORAGE_URL: 's3://gluon-down/files',
        AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${await closedPort()}`,
        STORAGE_S3_PATH_STYLE: 'on',
        GLUON_WORKER: 'off',
      },
      overrides: { logger: { level: 'info', stream: { write: (line: string) => void (log += line) } } },
    });
    headers = { authorization: `Bearer ${(await t.accessToken(await t.createUser())).token}` };
  });
  afterAll(async () => {
    await t?.close();
    vi.unstubAllEnvs();
  });

  const unavailable = (res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) => {
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'File storage is unavailable; try again in a minute',
    });
    expect(res.headers['retry-after']).toBe('60');
  };
  const failures = () => lines().filter((l) => l.msg === 'service unavailable' || l.msg === 'server error');

  it('answers an upload 503 with the message the console shows and Retry-After, logged once, no secret', async () => {
    log = '';
    const res = await t.app.inject({
      method: 'POST',
      url: '/gluon-backend/uploads?name=sysdiagnose.tar.gz',
      headers: { ...headers, 'content-type': 'application/octet-stream' },
      payload: sampleSysdiagnose(),
    });
    unavailable(res);
    expect(failures()).toEqual([
      expect.objectContaining({
        level: 50,
        msg: 'service unavailable',
        unavailable: expect.objectContaining({
          operation: 'Upload',
          reason: 'ECONNREFUSED',
          location: 's3://gluon-down/files/',
        }),
      }),
    ]);
    expect(log).not.toContain(SECRET);
    expect(log).not.toMatch(/Signature|X-Amz-|authorization/i);
  });

  it('answers a download 503 before any byte is sent, logged once', async () => {
    const [file] = await t.db.query<{ id: string }>(
      `INSERT INTO gluon_files (tenant_id, sha256, size, storage_key, name) VALUES ((SELECT tenant_id FROM users LIMIT 1), $1, 10, $1, 'a.ips') RETURNING id`,
      ['ab'.repeat(32)],
    );
    log = '';
    const res = await t.app.inject({ method: 'GET', url: `/gluon-backend/files/${file!.id}`, headers });
    unavailable(res);
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(failures()).toHaveLength(1);
    expect(failures()[0]).toMatchObject({ unavailable: { operation: 'HeadObject', reason: 'ECONNREFUSED' } });
    expect(log).not.toContain(SECRET);
  });
});
