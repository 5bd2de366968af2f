import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Json } from '../../../test/json';
import { createTestApp, type TestApp } from '../../../test/testApp';
import { createZip, getpropText, readFixtureBundle, SAMPLE_FLAGGED_LINK } from '../../inspection/public';
import { sampleAndroidQfFolder } from '../services/sampleUploads';

/**
 * Links and domains from an Android acquisition through the pipeline (PGlite here, PostgreSQL in
 * server-pg): the folder-in-zip sample's SMS link is flagged by KingSpawn, listed in the device's
 * "Links and domains" (flagged first, searchable, paged) and found by a neutrino hunt of kind domain.
 */
describe('gluon on Android: links and domains', () => {
  let t: TestApp;
  let storageDir: string;
  let admin: string;
  let deviceId: string;
  let partialDeviceId: string;
  const auth = () => ({ authorization: `Bearer ${admin}` });
  const get = async (url: string): Promise<Json> => {
    const res = await t.app.inject({ method: 'GET', url, headers: auth() });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  async function inspected(name: string, body: Buffer): Promise<Json> {
    const res = await t.app.inject({
      method: 'POST',
      url: `/gluon-backend/uploads?name=${encodeURIComponent(name)}`,
      headers: { ...auth(), 'content-type': 'application/octet-stream' },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(201);
    const inspectionId = res.json().upload.inspectionId as string;
    for (let i = 0; i < 400; i++) {
      const [row] = await t.db.query<{ status: string; device_id: string | null; error: string | null }>(
        'SELECT status, device_id, error FROM gluon_inspections WHERE id = $1',
        [inspectionId],
      );
      if (row?.status === 'done' || row?.status === 'failed') return { id: inspectionId, ...row };
      await t.app.queue.tick();
    }
    throw new Error('the inspection did not finish');
  }

  beforeAll(async () => {
    storageDir = await mkdtemp(path.join(os.tmpdir(), 'gluon-android-links-'));
    t = await createTestApp({ env: { GLUON_STORAGE_DIR: storageDir, GLUON_WORKER: 'on' } });
    admin = (await t.accessToken(await t.createUser())).token;
    const res = await t.app.inject({
      method: 'POST',
      url: '/globalrulesrepository-backend/ruleSets',
      headers: auth(),
      payload: { bundle: readFixtureBundle('kingspawn').toString('utf8'), fileName: 'kingspawn.stix2' },
    });
    expect(res.statusCode, res.body).toBe(201);
    while ((await t.app.queue.tick()) > 0);
    const done = await inspected('androidqf-folder.zip', sampleAndroidQfFolder());
    expect(done.status, done.error).toBe('done');
    deviceId = done.device_id;
    const partial = await inspected('getprop-only.zip', createZip([{ name: 'acq/getprop.txt', data: getpropText() }]));
    expect(partial.status, partial.error).toBe('done');
    partialDeviceId = partial.device_id;
  });
  afterAll(async () => {
    await t?.close();
    await rm(storageDir, { recursive: true, force: true });
  });

  it('flags the SMS link’s domain with the message as evidence, and opens an incident', async () => {
    const [finding] = await t.db.query<{
      kind: string;
      value: string;
      indicator_value: string;
      raw: string;
      source: string;
    }>(
      "SELECT kind, value, indicator_value, raw, source FROM gluon_findings WHERE device_id = $1 AND indicator_type = 'domain-name:value'",
      [deviceId],
    );
    expect(finding).toMatchObject({
      kind: 'domain',
      value: 'track.shoppingeos.com',
      indicator_value: 'shoppingeos.com',
    });
    expect(finding!.source).toMatch(/backup\.ab$/);
    expect(finding!.raw).toContain(SAMPLE_FLAGGED_LINK);
  });

  it('lists links and domains flagged first, searchable and paged on the server', async () => {
    const page = await get(`/gluon-backend/devices/${deviceId}/links?size=2`);
    expect(page.total).toBe(6);
    expect(page.items).toHaveLength(2);
    expect(page.items[0]).toMatchObject({
      kind: 'domain',
      value: 'track.shoppingeos.com',
      flaggedBy: ['shoppingeos.com'],
      shortener: false,
    });
    expect(page.items[0].source).toMatch(/backup\.ab$/);
    const next = await get(`/gluon-backend/devices/${deviceId}/links?size=2&page=1`);
    expect(next.items.map((i: Json) => i.value)).not.toContain('track.shoppingeos.com');
    const short = await get(`/gluon-backend/devices/${deviceId}/links?search=BIT.LY`);
    expect(short.items.map((i: Json) => [i.kind, i.value, i.shortener])).toEqual([
      ['domain', 'bit.ly', true],
      ['url', 'bit.ly/3xYzAbC', true],
    ]);
    const byText = await get(`/gluon-backend/devices/${deviceId}/links?search=lunch%20menu`);
    expect(byText.items.map((i: Json) => i.value)).toEqual(['example.org', 'https://example.org/menu']);
    const bad = await t.app.inject({
      method: 'GET',
      url: `/gluon-backend/devices/${deviceId}/links?size=500`,
      headers: auth(),
    });
    expect(bad.statusCode).toBe(400);
    const other = await t.app.inject({
      method: 'GET',
      url: '/gluon-backend/devices/00000000-0000-4000-8000-000000000000/links',
      headers: auth(),
    });
    expect(other.statusCode).toBe(404);
  });

  it('reaches neutrino with no special case: a hunt of kind domain finds the device', async () => {
    const hunt = await get('/neutrino-backend/hunt?mode=exact&value=track.shoppingeos.com&kinds=domain');
    expect(hunt.items.map((i: Json) => i.device.id)).toContain(deviceId);
    const url = await get(
      `/neutrino-backend/hunt?mode=prefix&value=${encodeURIComponent('https://track.shoppingeos')}&kinds=url`,
    );
    expect(url.items).toHaveLength(1);
  });

  it('says which AndroidQF modules a partial acquisition does not hold, as a warning, not an error', async () => {
    const detail = await get(`/gluon-backend/devices/${partialDeviceId}`);
    const [latest] = detail.inspections;
    expect(latest.status).toBe('done');
    expect(latest.error).toBeNull();
    expect(latest.warnings[0]).toMatch(/^Not in this acquisition: packages\.json, processes\.txt, dumpsys\.txt/);
  });
});
