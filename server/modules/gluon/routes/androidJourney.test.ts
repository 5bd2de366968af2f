import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { familyBundle } from '../../../test/familyBundle';
import type { Json } from '../../../test/json';
import { createTestApp, type TestApp } from '../../../test/testApp';
import { androidQfZip, BAD, bugreportZip, createZip, SAMPLE_PROPERTIES } from '../../inspection/public';

/** Android acquisitions through the same pipeline as iOS (PGlite here; the same file runs on PostgreSQL in server-pg). */
describe('gluon on Android: upload -> inspection -> findings -> incident -> triage -> rescan', () => {
  let t: TestApp;
  let storageDir: string;
  let admin: string;
  beforeAll(async () => {
    storageDir = await mkdtemp(path.join(os.tmpdir(), 'gluon-android-'));
    t = await createTestApp({ env: { GLUON_STORAGE_DIR: storageDir, GLUON_UPLOAD_LIMIT_MB: '2', GLUON_WORKER: 'on' } });
    admin = (await t.accessToken(await t.createUser())).token;
  });
  afterAll(async () => {
    await t?.close();
    await rm(storageDir, { recursive: true, force: true });
  });

  const auth = () => ({ authorization: `Bearer ${admin}` });
  const get = async (url: string): Promise<Json> => {
    const res = await t.app.inject({ method: 'GET', url, headers: auth() });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const importBundle = async (bundle: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/globalrulesrepository-backend/ruleSets',
      headers: auth(),
      payload: { bundle, fileName: 'android.stix2' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const upload = (name: string, body: Buffer) =>
    t.app.inject({
      method: 'POST',
      url: `/gluon-backend/uploads?name=${encodeURIComponent(name)}`,
      headers: { ...auth(), 'content-type': 'application/octet-stream' },
      payload: body,
    });
  async function settled(inspectionId: string): Promise<Json> {
    for (let i = 0; i < 400; i++) {
      const list = await get('/gluon-backend/uploads?size=200');
      const item = list.items.find((u: Json) => u.inspectionId === inspectionId);
      if (item && (item.status === 'done' || item.status === 'failed')) return item;
      await t.app.queue.tick();
    }
    throw new Error(`inspection ${inspectionId} did not finish`);
  }
  async function jobsDone(): Promise<void> {
    // Run the queue until it is idle (uploads' inspections, rule-set changes' rescans).
    while ((await t.app.queue.tick()) > 0);
  }
  async function inspected(name: string, body: Buffer): Promise<Json> {
    const res = await upload(name, body);
    expect(res.statusCode, res.body).toBe(201);
    return settled(res.json().upload.inspectionId);
  }

  let deviceId: string;
  let incident: Json;

  it('imports Android indicators (app id, certificate digest) as supported patterns', async () => {
    const imported = await importBundle(
      familyBundle('spyagent', 'SpyAgent', [
        // Upper case on purpose: app ids compare case-insensitively (MVT).
        `[app:id = '${BAD.package.toUpperCase()}']`,
        `[app:cert.sha256 = '${BAD.certSha256.toUpperCase()}']`,
        "[configuration-profile:id = 'not-for-android']",
      ]),
    );
    expect(imported.ruleSet.counts).toMatchObject({ 'app:id': 1, 'app:cert.sha256': 1 });
    expect(imported.ruleSet.unsupported).toHaveLength(1);
    await jobsDone();
  });

  it('inspects an AndroidQF zip recognised by its content (not its name): an Android device, findings, an incident with evidence, heuristics with why', async () => {
    const done = await inspected('phone-acquisition.bin', androidQfZip());
    expect(done.status, done.error).toBe('done');
    deviceId = done.deviceId;
    expect(done.warnings).toEqual(expect.arrayContaining([expect.stringMatching(/^AndroidQF acquisition/)]));

    const devices = await get('/gluon-backend/devices');
    expect(devices.items.find((d: Json) => d.id === deviceId)).toMatchObject({
      platform: 'android',
      modelCode: 'Examplecorp Example Phone 7',
      osVersion: 'Android 13 (TQ1A.230105.001)',
      securityPatch: SAMPLE_PROPERTIES['ro.build.version.security_patch'],
      buildFingerprint: SAMPLE_PROPERTIES['ro.build.fingerprint'],
      serial: SAMPLE_PROPERTIES['ro.serialno'],
      openIncidents: 1,
    });
    const detail = await get(`/gluon-backend/devices/${deviceId}`);
    expect(detail.incidents.map((i: Json) => i.familyName)).toEqual(['SpyAgent']);
    const sideloaded = detail.inspections[0].heuristics.find((h: Json) => h.rule === 'android.sideloaded-app');
    expect(sideloaded.message).toContain(BAD.package);
    expect(sideloaded.why).toMatch(/outside an app store/);
    expect(sideloaded.evidence.map((e: Json) => e.value)).toEqual(
      expect.arrayContaining([BAD.package, BAD.accessibilityService]),
    );
    expect(detail.inspections[0].heuristics.map((h: Json) => h.rule)).toEqual(
      expect.arrayContaining([
        'android.root-binary',
        'android.selinux-permissive',
        'android.old-security-patch',
        'android.adb-enabled',
      ]),
    );

    incident = await get(`/gluon-backend/incidents/${detail.incidents[0].id}`);
    const evidence = incident.evidence.map((e: Json) => [e.kind, e.indicatorType, e.value]);
    expect(evidence).toEqual(
      expect.arrayContaining([
        ['bundleId', 'app:id', BAD.package],
        ['appCert', 'app:cert.sha256', BAD.certSha256],
        ['accessibilityService', 'app:id', BAD.accessibilityService],
      ]),
    );
    const cert = incident.evidence.find((e: Json) => e.kind === 'appCert');
    expect(cert.source).toMatch(/packages\.json$/);
    expect(cert.raw).toBeTruthy();
    const processes = await get(`/gluon-backend/devices/${deviceId}/processes`);
    expect(processes.map((p: Json) => p.name)).toContain('system_server');
  });

  it('triages the Android incident; a new rule set (a property indicator) rescans the stored observations and opens only the new family', async () => {
    const triaged = await t.app.inject({
      method: 'POST',
      url: `/gluon-backend/incidents/${incident.id}/triage`,
      headers: auth(),
      payload: { state: 'confirmed', comment: 'Sideloaded spy agent' },
    });
    expect(triaged.statusCode, triaged.body).toBe(200);
    await importBundle(familyBundle('propspy', 'PropSpy', [`[android-property:name = '${BAD.property}']`]));
    await jobsDone();
    const detail = await get(`/gluon-backend/devices/${deviceId}`);
    expect(detail.incidents.map((i: Json) => [i.familyName, i.state]).sort()).toEqual([
      ['PropSpy', 'open'],
      ['SpyAgent', 'confirmed'],
    ]);
    const prop = await get(
      `/gluon-backend/incidents/${detail.incidents.find((i: Json) => i.familyName === 'PropSpy').id}`,
    );
    expect(prop.evidence[0]).toMatchObject({
      kind: 'property',
      value: BAD.property,
      indicatorType: 'android-property:name',
      source: expect.stringMatching(/getprop\.txt$/),
    });
    expect(detail.inspections.find((i: Json) => i.origin === 'rematch' && i.newFindings > 0)).toBeTruthy();
  });

  it('a bugreport of the same phone lands on the same device (its serial), its tombstones kept', async () => {
    const done = await inspected('bugreport-example7.zip', bugreportZip());
    expect(done.status, done.error).toBe('done');
    expect(done.deviceId).toBe(deviceId);
    const tombstones = await t.db.query<{ value: string }>(
      "SELECT value FROM gluon_observations WHERE device_id = $1 AND kind = 'tombstone' ORDER BY value",
      [deviceId],
    );
    expect(tombstones.map((r) => r.value)).toContain(BAD.tombstoneProcess);
    const [row] = await t.db.query<{ artefacts: unknown }>('SELECT artefacts FROM gluon_inspections WHERE id = $1', [
      done.inspectionId,
    ]);
    const artefacts = (typeof row!.artefacts === 'string' ? JSON.parse(row!.artefacts) : row!.artefacts) as Json[];
    expect(artefacts.filter((a) => a.kind === 'tombstone').map((a) => a.processes[0])).toContain(BAD.tombstoneProcess);

    // The crash explorer lists the tombstones beside .ips reports and shows their text from the stored zip.
    const crashes = await get(`/gluon-backend/devices/${deviceId}/crashes`);
    const crash = crashes.find((c: Json) => c.processes.includes(BAD.tombstoneProcess));
    expect(crash).toMatchObject({ path: 'FS/data/tombstones/tombstone_00', inspectionId: done.inspectionId });
    const content = await get(
      `/gluon-backend/devices/${deviceId}/crashes/content?inspectionId=${crash.inspectionId}&path=${encodeURIComponent(crash.path)}`,
    );
    expect(content.text).toContain(BAD.abortMessage);
    const missing = await t.app.inject({
      method: 'GET',
      url: `/gluon-backend/devices/${deviceId}/crashes/content?inspectionId=${crash.inspectionId}&path=${encodeURIComponent('FS/data/tombstones/tombstone_99')}`,
      headers: auth(),
    });
    expect(missing.statusCode).toBe(404);
  });

  it("an AndroidQF output's nested bugreport.zip: its tombstones are listed and readable too", async () => {
    const done = await inspected('nested.zip', androidQfZip({ nestedBugreport: bugreportZip() }));
    expect(done.status, done.error).toBe('done');
    const crashes = await get(`/gluon-backend/devices/${done.deviceId}/crashes`);
    const crash = crashes.find(
      (c: Json) => c.inspectionId === done.inspectionId && c.processes.includes(BAD.tombstoneProcess),
    );
    expect(crash.path).toMatch(/bugreport\.zip\/FS\/data\/tombstones\/tombstone_00$/);
    const content = await get(
      `/gluon-backend/devices/${done.deviceId}/crashes/content?inspectionId=${crash.inspectionId}&path=${encodeURIComponent(crash.path)}`,
    );
    expect(content.text).toContain(BAD.abortMessage);
  });

  it('a collector link takes an AndroidQF zip for its install', async () => {
    const link = await t.app.inject({
      method: 'POST',
      url: '/gluon-backend/sharedExtractorLinks',
      headers: auth(),
      payload: { name: 'Android field team' },
    });
    expect(link.statusCode, link.body).toBe(201);
    const linkToken = link.json().token as string;
    const install = await t.app.inject({
      method: 'POST',
      url: `/gluon-backend/sharedExtractorLinks/${linkToken}`,
      payload: { fullName: 'Grace Hopper', email: 'grace@example.com', os: 'MAC' },
    });
    expect(install.statusCode).toBeLessThan(300);
    const installId = install.headers['x-install-id'] as string;
    const other = androidQfZip({
      replace: {
        'getprop.txt':
          '[ro.product.model]: [Other Phone]\n[ro.serialno]: [OTHER0002]\n[ro.build.version.release]: [14]\n',
      },
    });
    const sent = await t.app.inject({
      method: 'POST',
      url: `/gluon-backend/sharedExtractorLinks/${linkToken}/installs/${installId}/files?name=androidqf.zip`,
      headers: { 'content-type': 'application/octet-stream' },
      payload: other,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const done = await settled(sent.json().upload.inspectionId);
    expect(done).toMatchObject({ status: 'done', origin: 'collector', deviceName: 'Grace Hopper (grace@example.com)' });
    const detail = await get(`/gluon-backend/devices/${done.deviceId}`);
    expect(detail.device).toMatchObject({ platform: 'android', modelCode: 'Other Phone', serial: 'OTHER0002' });
    expect(detail.incidents.map((i: Json) => i.familyName)).toContain('SpyAgent');
  });

  it('a rotated shutdown log uploaded alone is read (MVT)', async () => {
    const done = await inspected(
      'shutdown.1.log',
      Buffer.from('remaining client pid: 7 (/usr/sbin/old)\nSIGTERM: @1700000000\n'),
    );
    expect(done.status, done.error).toBe('done');
    const [row] = await t.db.query<{ value: string; first_seen: Date | string }>(
      "SELECT value, first_seen FROM gluon_observations WHERE inspection_id = $1 AND kind = 'path'",
      [done.inspectionId],
    );
    expect(row!.value).toBe('/usr/sbin/old');
    expect(new Date(row!.first_seen).toISOString()).toBe('2023-11-14T22:13:20.000Z');
  });

  it('refuses bad zips with the reason, writes nothing outside the storage, and the API stays up', async () => {
    const failedWith = async (name: string, body: Buffer, reason: RegExp) => {
      const done = await inspected(name, body);
      expect(done.status, name).toBe('failed');
      expect(done.error).toMatch(reason);
      expect(done.error.startsWith(`${name}: `)).toBe(true);
    };
    await failedWith(
      'photos.zip',
      createZip([{ name: 'holiday/readme.txt', data: 'no phone here' }]),
      /not an Android acquisition/,
    );
    await failedWith(
      'bomb.zip',
      createZip([{ name: 'acq/logcat.txt', data: Buffer.alloc(8 * 1024 * 1024) }]),
      /zip bomb/,
    );
    await failedWith('escape.zip', createZip([{ name: 'acq/../../evil.sh', data: 'x' }]), /climbs out/);
    await failedWith('cut.zip', androidQfZip().subarray(0, 300), /truncated/i);
    // Not a zip and not a name we read: refused at upload, its bytes not kept.
    const garbage = await upload('blob.zip', Buffer.from('\u0000\u0001garbage that is not a zip'));
    expect(garbage.statusCode).toBe(415);
    expect(garbage.json().message).toMatch(/Android acquisition/);
    expect((await get('/gluon-backend/devices')).total).toBeGreaterThan(0);
    expect((await readdir(storageDir)).every((entry) => /^[0-9a-f]{2}$|^tmp$/.test(entry))).toBe(true);
    expect(await readdir(path.join(storageDir, 'tmp'))).toEqual([]);
    const stored = await t.db.query('SELECT 1 FROM gluon_files WHERE name = $1', ['blob.zip']);
    expect(stored).toEqual([]);
  });
});
