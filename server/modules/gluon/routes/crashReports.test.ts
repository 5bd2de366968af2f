import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Json } from '../../../test/json';
import { createTestApp, type TestApp } from '../../../test/testApp';
import { crashIps } from '../../inspection/public';

describe('gluon crash explorer: loose .ips uploads', () => {
  let t: TestApp;
  let storageDir: string;
  let first: string;
  let second: string;
  beforeAll(async () => {
    storageDir = await mkdtemp(path.join(os.tmpdir(), 'gluon-crash-'));
    t = await createTestApp({ env: { GLUON_STORAGE_DIR: storageDir, GLUON_WORKER: 'on' } });
    const a = await t.createUser();
    first = (await t.accessToken(a)).token;
    second = (await t.accessToken(await t.createUser({ tenantId: a.tenantId }))).token;
  });
  afterAll(async () => {
    await t?.close();
    await rm(storageDir, { recursive: true, force: true });
  });

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: auth(token) });
  const upload = (name: string, body: Buffer, token: string) =>
    t.app.inject({
      method: 'POST',
      url: `/gluon-backend/uploads?name=${encodeURIComponent(name)}`,
      headers: { ...auth(token), 'content-type': 'application/octet-stream' },
      payload: body,
    });
  async function settled(inspectionId: string, token: string): Promise<Json> {
    for (let i = 0; i < 200; i++) {
      const item = (await get('/gluon-backend/uploads?size=200', token))
        .json()
        .items.find((u: Json) => u.inspectionId === inspectionId);
      if (item && (item.status === 'done' || item.status === 'failed')) return item;
      await t.app.queue.tick();
    }
    throw new Error(`inspection ${inspectionId} did not finish`);
  }
  async function uploadedCrash(name: string, body: Buffer, token: string): Promise<{ item: Json; crash: Json }> {
    const res = await upload(name, body, token);
    expect(res.statusCode, res.body).toBe(201);
    const item = await settled(res.json().upload.inspectionId, token);
    expect(item.status, item.error).toBe('done');
    const crashes = (await get(`/gluon-backend/devices/${item.deviceId}/crashes`, token)).json();
    return { item, crash: crashes.find((c: Json) => c.inspectionId === item.inspectionId) };
  }
  const content = (item: Json, crashPath: string, token: string) =>
    get(
      `/gluon-backend/devices/${item.deviceId}/crashes/content?inspectionId=${item.inspectionId}&path=${encodeURIComponent(crashPath)}`,
      token,
    );

  it('opens a crash whose bytes another user stored first under another name', async () => {
    const bytes = Buffer.from(
      crashIps({ procName: 'Foo', procPath: '/private/var/containers/Bundle/Application/X/Foo.app/Foo' }),
    );
    await uploadedCrash('first.ips', bytes, first);
    const { item, crash } = await uploadedCrash('renamed.ips', bytes, second);
    expect(crash.path).toBe('renamed.ips');
    const res = await content(item, crash.path, second);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().text).toContain('"procName"');
    // The first uploader's name is not this inspection's file.
    expect((await content(item, 'first.ips', second)).statusCode).toBe(404);
  });

  it('accepts and shows a report whose extension is upper case (Crash.IPS)', async () => {
    const bytes = Buffer.from(
      crashIps({ procName: 'Bar', procPath: '/private/var/containers/Bundle/Application/Y/Bar.app/Bar' }),
    );
    const { item, crash } = await uploadedCrash('Crash.IPS', bytes, first);
    expect(crash).toMatchObject({ path: 'Crash.IPS', error: null });
    const res = await content(item, crash.path, first);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().text).toContain('"procName"');
  });
});
