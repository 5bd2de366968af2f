import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Json } from '../../../test/json';
import { createTestApp, type TestApp } from '../../../test/testApp';
import { androidQfZip, BAD, GOOD, SAMPLE_PROPERTIES } from '../../inspection/public';

/** The device page's Android tabs: packages, properties and settings of the latest acquisition (PGlite here, PostgreSQL in server-pg). */
describe('gluon Android device facts (packages, properties, settings)', () => {
  let t: TestApp;
  let storageDir: string;
  let admin: string;
  let deviceId: string;
  beforeAll(async () => {
    storageDir = await mkdtemp(path.join(os.tmpdir(), 'gluon-android-facts-'));
    // 30 days: the sample's 2023 patch level is older, whatever today is.
    t = await createTestApp({
      env: { GLUON_STORAGE_DIR: storageDir, GLUON_WORKER: 'on', GLUON_ANDROID_PATCH_MAX_AGE_DAYS: '30' },
    });
    admin = (await t.accessToken(await t.createUser())).token;
    const res = await t.app.inject({
      method: 'POST',
      url: '/gluon-backend/uploads?name=androidqf.zip',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/octet-stream' },
      payload: androidQfZip(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const inspectionId = res.json().upload.inspectionId as string;
    for (let i = 0; i < 400; i++) {
      const [row] = await t.db.query<{ status: string; device_id: string | null }>(
        'SELECT status, device_id FROM gluon_inspections WHERE id = $1',
        [inspectionId],
      );
      if (row?.status === 'done' || row?.status === 'failed') {
        expect(row.status).toBe('done');
        deviceId = row.device_id!;
        return;
      }
      await t.app.queue.tick();
    }
    throw new Error('the inspection did not finish');
  });
  afterAll(async () => {
    await t?.close();
    await rm(storageDir, { recursive: true, force: true });
  });

  const get = async (url: string, token = admin): Promise<{ status: number; body: Json }> => {
    const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    return { status: res.statusCode, body: res.json() };
  };

  it('lists the packages, sideloaded first, with installer, flags, dangerous permissions, hashes and certificate', async () => {
    const { status, body } = await get(`/gluon-backend/devices/${deviceId}/packages`);
    expect(status).toBe(200);
    expect(body.inspectionId).toEqual(expect.any(String));
    expect(body.total).toBe(body.items.length);
    const names = body.items.map((p: Json) => p.name);
    expect(names[0]).toBe(BAD.package);
    const spy = body.items[0];
    expect(spy).toMatchObject({ sideloaded: true, installer: null });
    expect(spy.dangerousPermissions).toEqual(
      expect.arrayContaining(['android.permission.READ_SMS', 'android.permission.RECORD_AUDIO']),
    );
    expect(spy.files[0]).toMatchObject({
      path: BAD.apkPath,
      sha256: BAD.apkSha256,
      certificate: { sha256: BAD.certSha256, subject: 'CN=Made Up Signer' },
    });
    expect(spy.source).toMatch(/packages\.json|dumpsys/);
    const notes = body.items.find((p: Json) => p.name === GOOD.package);
    expect(notes).toMatchObject({ sideloaded: false, installer: 'com.android.vending' });
    expect(body.items.find((p: Json) => p.name === 'com.android.systemui')).toMatchObject({
      sideloaded: false,
      system: true,
    });
  });

  it('searches packages by any of their text (a certificate digest finds its package)', async () => {
    const byCert = await get(`/gluon-backend/devices/${deviceId}/packages?search=${BAD.certSha256.slice(0, 16)}`);
    expect(byCert.body.items.map((p: Json) => p.name)).toEqual([BAD.package]);
    const none = await get(`/gluon-backend/devices/${deviceId}/packages?search=no-such-thing`);
    expect(none.body).toMatchObject({ total: 0, items: [] });
  });

  it('lists properties and settings with their values, searchable by name or value', async () => {
    const { body } = await get(`/gluon-backend/devices/${deviceId}/properties`);
    const patch = body.items.find((p: Json) => p.kind === 'property' && p.name === 'ro.build.version.security_patch');
    expect(patch).toMatchObject({
      value: SAMPLE_PROPERTIES['ro.build.version.security_patch'],
      source: expect.stringMatching(/getprop\.txt$/),
      line: expect.any(Number),
    });
    expect(body.items).toContainEqual(
      expect.objectContaining({ kind: 'setting', name: 'global/adb_enabled', value: '1' }),
    );
    const found = await get(`/gluon-backend/devices/${deviceId}/properties?search=spyagent`);
    expect(found.body.items.map((p: Json) => p.name)).toEqual(expect.arrayContaining([BAD.property]));
    expect(found.body.items.every((p: Json) => `${p.name} ${p.value}`.toLowerCase().includes('spyagent'))).toBe(true);
  });

  it('warns of the old security patch past the configured age (GLUON_ANDROID_PATCH_MAX_AGE_DAYS)', async () => {
    const { body } = await get(`/gluon-backend/devices/${deviceId}`);
    const rules = body.inspections.flatMap((n: Json) => n.heuristics.map((h: Json) => h.rule));
    expect(rules).toEqual(expect.arrayContaining(['android.old-security-patch', 'android.sideloaded-app']));
  });

  it('follows a rescan to its end: the device answers the job (queued, then done) and "last inspected" moves', async () => {
    const before = (await get(`/gluon-backend/devices/${deviceId}`)).body;
    expect(before.lastRescan).toBeNull();
    const res = await t.app.inject({
      method: 'POST',
      url: `/gluon-backend/devices/${deviceId}/rescan`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.statusCode).toBe(202);
    let after: Json = null;
    for (let i = 0; i < 400; i++) {
      after = (await get(`/gluon-backend/devices/${deviceId}`)).body;
      if (after.lastRescan?.status === 'done' || after.lastRescan?.status === 'failed') break;
      expect(['queued', 'running']).toContain(after.lastRescan.status);
      await t.app.queue.tick();
    }
    expect(after.lastRescan).toMatchObject({ status: 'done', error: null, finishedAt: expect.any(String) });
    // "Last inspected" is the rescan's time now (the same transaction wrote both), later than the upload's.
    const rescan = after.inspections.find((n: Json) => n.origin === 'rescan');
    expect(after.device.lastInspectionAt).toBe(rescan.createdAt);
    expect(Date.parse(rescan.createdAt)).toBeGreaterThanOrEqual(Date.parse(before.device.lastInspectionAt));
    // The rescan matched stored observations only: the packages are still the acquisition's.
    expect((await get(`/gluon-backend/devices/${deviceId}/packages`)).body.items[0].name).toBe(BAD.package);
  });

  it('answers 404 for a device of another tenant, and an iOS-only device has no Android facts', async () => {
    const other = (await t.accessToken(await t.createUser({ tenantId: await t.createTenant('Other tenant') }))).token;
    expect((await get(`/gluon-backend/devices/${deviceId}/packages`, other)).status).toBe(404);
    const [ios] = await t.db.query<{ id: string }>(
      "INSERT INTO gluon_devices (tenant_id, name) SELECT tenant_id, 'iPhone' FROM gluon_devices WHERE id = $1 RETURNING id",
      [deviceId],
    );
    expect((await get(`/gluon-backend/devices/${ios!.id}/properties`)).body).toEqual({
      inspectionId: null,
      inspectedAt: null,
      total: 0,
      items: [],
    });
  });
});
