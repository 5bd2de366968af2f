import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Json } from '../../../test/json';
import { createTestApp, type TestApp } from '../../../test/testApp';
import { createTar, createTarGz, readFixtureBundle } from '../../inspection/public';
import { sampleSysdiagnose } from '../services/sampleUploads';

describe('gluon: rule sets -> upload -> inspection -> incidents -> triage -> rescan', () => {
  let t: TestApp;
  let storageDir: string;
  let admin: string;
  let uploader: string;
  let reader: string;
  beforeAll(async () => {
    storageDir = await mkdtemp(path.join(os.tmpdir(), 'gluon-store-'));
    t = await createTestApp({ env: { GLUON_STORAGE_DIR: storageDir, GLUON_UPLOAD_LIMIT_MB: '1', GLUON_WORKER: 'on' } });
    const a = await t.createUser();
    admin = (await t.accessToken(a)).token;
    uploader = (await t.accessToken(await t.createUser({ tenantId: a.tenantId, permissions: ['gln#upl#rw'] }))).token;
    // Reads reports but has no crash explorer, no rescan, no files.
    reader = (
      await t.accessToken(await t.createUser({ tenantId: a.tenantId, permissions: ['gln#rpt#r', 'gln#pre#r'] }))
    ).token;
  });
  afterAll(async () => {
    await t?.close();
    await rm(storageDir, { recursive: true, force: true });
  });

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const get = async (url: string, token = admin): Promise<Json> => {
    const res = await t.app.inject({ method: 'GET', url, headers: auth(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const importBundle = async (
    name: 'darksword' | 'kingspawn' | 'operation_triangulation',
    bundle = readFixtureBundle(name).toString('utf8'),
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/globalrulesrepository-backend/ruleSets',
      headers: auth(admin),
      payload: { bundle, fileName: `${name}.stix2` },
    });
  const upload = (name: string, body: Buffer, token = admin, query = '') =>
    t.app.inject({
      method: 'POST',
      url: `/gluon-backend/uploads?name=${encodeURIComponent(name)}${query}`,
      headers: { ...auth(token), 'content-type': 'application/octet-stream' },
      payload: body,
    });
  async function settled(inspectionId: string, token = admin): Promise<Json> {
    for (let i = 0; i < 200; i++) {
      const list = await get('/gluon-backend/uploads?size=200', token);
      const item = list.items.find((u: Json) => u.inspectionId === inspectionId);
      if (item && (item.status === 'done' || item.status === 'failed')) return item;
      await t.app.queue.tick();
    }
    throw new Error(`inspection ${inspectionId} did not finish`);
  }
  async function rescansDone(): Promise<void> {
    // The tenant-wide rescans queued by rule-set changes run in the background: run the queue until it is idle.
    while ((await t.app.queue.tick()) > 0);
  }

  let deviceId: string;
  let darkSword: Json;
  let triangulation: Json;

  it('imports rule sets with families, counts per type and unsupported patterns; the same bytes again change nothing', async () => {
    const first = await importBundle('darksword');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().ruleSet).toMatchObject({ name: expect.any(String), enabled: true, revision: 1 });
    expect(first.json().ruleSet.indicatorCount).toBeGreaterThan(0);
    expect(first.json().ruleSet.counts['file:path']).toBeGreaterThan(0);
    expect((await importBundle('operation_triangulation')).statusCode).toBe(201);
    const again = await importBundle('darksword');
    expect(again.statusCode).toBe(200);
    expect(again.json().status).toBe('unchanged');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/globalrulesrepository-backend/ruleSets',
      headers: auth(admin),
      payload: { bundle: '{"type":"bundle"' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/JSON|bundle/i);
    const sets = await get('/globalrulesrepository-backend/ruleSets');
    expect(sets.map((s: Json) => s.families.map((f: Json) => f.name)).flat()).toEqual(
      expect.arrayContaining(['DarkSword', 'OperationTriangulation']),
    );
    await rescansDone();
  });

  it('inspects an uploaded archive in the background: one device, one incident per family, with evidence', async () => {
    const res = await upload('sysdiagnose.tar.gz', sampleSysdiagnose());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().duplicate).toBe(false);
    const done = await settled(res.json().upload.inspectionId);
    expect(done.status, done.error).toBe('done');
    expect(done.progress).toBe(100);
    deviceId = done.deviceId;

    const devices = await get('/gluon-backend/devices?search=iphone14');
    expect(devices.total).toBe(1);
    expect(devices.items[0]).toMatchObject({
      id: deviceId,
      modelCode: 'iPhone14,2',
      openIncidents: 2,
      severity: 'high',
    });
    const detail = await get(`/gluon-backend/devices/${deviceId}`);
    expect(detail.incidents.map((i: Json) => i.familyName).sort()).toEqual(['DarkSword', 'OperationTriangulation']);
    expect(detail.inspections[0].ruleSetVersions.map((v: Json) => v.name).sort()).toEqual([
      'DarkSword',
      'OperationTriangulation',
    ]);
    expect(detail.inspections[0].heuristics.map((h: Json) => h.rule)).toContain('shutdown.suspicious-path');
    // iOS warnings say why they matter, as Android's do.
    expect(detail.inspections[0].heuristics.find((h: Json) => h.rule === 'shutdown.suspicious-path').why).toMatch(
      /data folders an attacker can write to/,
    );

    darkSword = await get(
      `/gluon-backend/incidents/${detail.incidents.find((i: Json) => i.familyName === 'DarkSword').id}`,
    );
    triangulation = await get(
      `/gluon-backend/incidents/${detail.incidents.find((i: Json) => i.familyName === 'OperationTriangulation').id}`,
    );
    expect(darkSword.evidence[0]).toMatchObject({
      kind: 'path',
      value: '/private/var/tmp/icloud_dump/helper',
      indicatorType: 'file:path',
      source: expect.stringMatching(/shutdown\.log$/),
    });
    expect(darkSword.evidence[0].line).toBeGreaterThan(0);
    // What the bundle says about the family comes with the incident.
    expect(triangulation.familyDescription).toMatch(/Operation Triangulation iOS spyware documented by Kaspersky/);
    expect(triangulation.familyReferences).toEqual([]);
    expect(triangulation.severity).toBe('high');
    expect(triangulation.evidence[0]).toMatchObject({
      kind: 'process',
      value: 'BackupAgent',
      raw: 'processes[1].name = BackupAgent',
    });
    expect(darkSword.timeline[0]).toMatchObject({ kind: 'opened', toState: 'open' });
  });

  it('recognises the same file uploaded again, and a second inspection of it duplicates no incident or finding', async () => {
    const again = await upload('copy.tar.gz', sampleSysdiagnose());
    expect(again.statusCode).toBe(201);
    expect(again.json().duplicate).toBe(true);
    const forced = await upload('copy.tar.gz', sampleSysdiagnose(), admin, '&reinspect=true');
    const done = await settled(forced.json().upload.inspectionId);
    expect(done.status).toBe('done');
    expect(done.deviceId).toBe(deviceId);
    const detail = await get(`/gluon-backend/devices/${deviceId}`);
    expect(detail.incidents).toHaveLength(2);
    expect(detail.inspections.find((i: Json) => i.id === done.inspectionId).newFindings).toBe(0);
    expect((await get(`/gluon-backend/incidents/${darkSword.id}`)).evidence).toHaveLength(darkSword.evidence.length);
    expect(await readdir(storageDir)).not.toContain('copy.tar.gz');
  });

  it('triages with a comment and author, kept in the timeline and the audit log', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/gluon-backend/incidents/${darkSword.id}/triage`,
      headers: auth(admin),
      payload: { state: 'confirmed', comment: 'Seen on the device by hand' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().state).toBe('confirmed');
    expect(res.json().timeline.at(-1)).toMatchObject({
      kind: 'triage',
      fromState: 'open',
      toState: 'confirmed',
      comment: 'Seen on the device by hand',
      author: expect.stringContaining('@'),
    });
    const [audit] = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_events WHERE action = 'gluon.incident.triage' AND target = $1",
      [darkSword.id],
    );
    expect(audit!.n).toBe(1);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/gluon-backend/incidents/${darkSword.id}/triage`,
      headers: auth(reader),
      payload: { state: 'benign', comment: 'x' },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('a finding marked false positive resolves its incident only; a newer rule set rescans stored observations and opens only new incidents', async () => {
    const fp = await t.app.inject({
      method: 'POST',
      url: `/gluon-backend/findings/${triangulation.evidence[0].id}/falsePositive`,
      headers: auth(admin),
      payload: { reason: 'Apple backup agent on this device' },
    });
    expect(fp.statusCode, fp.body).toBe(201);
    expect(fp.json().incident.state).toBe('false_positive');
    expect(fp.json().incident.activeFindings).toBe(0);
    // The rule set's indicator list marks the indicator suppressed for the value seen (not only the count says so).
    const seen = triangulation.evidence[0];
    const ruleSet = (await get('/globalrulesrepository-backend/ruleSets')).find(
      (r: Json) => r.name === seen.ruleSetName,
    );
    const listed = await get(
      `/globalrulesrepository-backend/ruleSets/${ruleSet.id}/indicators?size=100&search=${encodeURIComponent(seen.indicatorId)}`,
    );
    const row = listed.items.find((i: Json) => i.id === seen.indicatorId);
    expect(row.suppression).toMatchObject({ reason: 'Apple backup agent on this device', value: 'BackupAgent' });
    await rescansDone();
    expect((await get(`/gluon-backend/incidents/${darkSword.id}`)).state).toBe('confirmed');

    // "A newer rule set": KingSpawn names the staging path shutdown.log listed; no re-upload.
    expect((await importBundle('kingspawn')).statusCode).toBe(201);
    await rescansDone();
    const detail = await get(`/gluon-backend/devices/${deviceId}`);
    expect(detail.incidents.map((i: Json) => [i.familyName, i.state]).sort()).toEqual([
      ['DarkSword', 'confirmed'],
      ['KingSpawn', 'open'],
      ['OperationTriangulation', 'false_positive'],
    ]);
    const rescan = detail.inspections.find((i: Json) => i.origin === 'rematch' && i.newFindings > 0);
    expect(rescan.ruleSetVersions.map((v: Json) => v.name)).toContain('KingSpawn');
    // The suppressed Triangulation finding did not come back.
    expect((await get(`/gluon-backend/incidents/${triangulation.id}`)).activeFindings).toBe(0);
  });

  it('exports findings as JSON, CSV and STIX 2.1 sightings of the matched indicators', async () => {
    const json = await get(`/gluon-backend/devices/${deviceId}/report?format=json`);
    expect(json.findings.length).toBeGreaterThanOrEqual(3);
    const csv = await t.app.inject({
      method: 'GET',
      url: `/gluon-backend/devices/${deviceId}/report?format=csv`,
      headers: auth(admin),
    });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body.split('\r\n')[0]).toMatch(/^family,incidentState,indicatorId/);
    expect(csv.body).toContain('/private/var/tmp/icloud_dump/helper');
    const stix = await t.app.inject({
      method: 'GET',
      url: `/gluon-backend/devices/${deviceId}/report?format=stix`,
      headers: auth(admin),
    });
    const bundle = stix.json();
    const sightings = bundle.objects.filter((o: Json) => o.type === 'sighting');
    expect(sightings.length).toBe(json.findings.filter((f: Json) => !f.suppressed).length);
    expect(sightings[0].sighting_of_ref).toMatch(/^indicator--/);
    expect(sightings[0].where_sighted_refs[0]).toBe(bundle.objects[0].id);
  });

  it('refuses by permission exactly as the console hides (spec §6)', async () => {
    const status = async (method: 'GET' | 'POST', url: string, token: string) =>
      (await t.app.inject({ method, url, headers: auth(token) })).statusCode;
    expect(await status('GET', '/gluon-backend/devices', uploader)).toBe(403);
    expect(await status('GET', `/gluon-backend/devices/${deviceId}/crashes`, reader)).toBe(403);
    expect(await status('GET', `/gluon-backend/devices/${deviceId}/crashes`, admin)).toBe(200);
    expect(await status('GET', `/gluon-backend/devices/${deviceId}/processes`, reader)).toBe(200);
    expect(await status('POST', `/gluon-backend/devices/${deviceId}/rescan`, reader)).toBe(403);
    expect(await status('GET', `/gluon-backend/devices/${deviceId}/files`, reader)).toBe(403);
    expect(await status('GET', '/globalrulesrepository-backend/ruleSets', uploader)).toBe(403);
    // An uploader uploads and sees only their own uploads.
    const own = await upload('shutdown.log', Buffer.from('nothing to see\n'), uploader);
    expect(own.statusCode).toBe(201);
    const list = await get('/gluon-backend/uploads', uploader);
    expect(list.items.map((u: Json) => u.inspectionId)).toEqual([own.json().upload.inspectionId]);
  });

  it('explorers: processes with first and last seen, a crash report readable, the original file downloadable', async () => {
    const processes = await get(`/gluon-backend/devices/${deviceId}/processes`);
    expect(processes.map((p: Json) => p.name)).toEqual(
      expect.arrayContaining([
        'BackupAgent',
        '/Applications/MobileSafari.app/MobileSafari',
        '/private/var/tmp/icloud_dump/helper',
      ]),
    );
    const crashes = await get(`/gluon-backend/devices/${deviceId}/crashes`);
    const safari = crashes.find((c: Json) => c.path.endsWith('MobileSafari-2023-06-01.ips'));
    const content = await get(
      `/gluon-backend/devices/${deviceId}/crashes/content?inspectionId=${safari.inspectionId}&path=${encodeURIComponent(safari.path)}`,
    );
    expect(content.text).toContain('"procName"');
    const files = await get(`/gluon-backend/devices/${deviceId}/files`);
    const file = await t.app.inject({
      method: 'GET',
      url: `/gluon-backend/files/${files[0].id}`,
      headers: auth(admin),
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(sampleSysdiagnose())).toBe(true);
  });

  it("a file sent through a collector link lands as an inspection of the install's device (item 8)", async () => {
    const link = await t.app.inject({
      method: 'POST',
      url: '/gluon-backend/sharedExtractorLinks',
      headers: auth(admin),
      payload: { name: 'Field team' },
    });
    expect(link.statusCode, link.body).toBe(201);
    const linkToken = link.json().token as string;
    const install = await t.app.inject({
      method: 'POST',
      url: `/gluon-backend/sharedExtractorLinks/${linkToken}`,
      payload: { fullName: 'Ada Lovelace', email: 'ada@example.com', os: 'MAC' },
    });
    expect(install.statusCode).toBe(200);
    // The download names the install, as the connector learns it (no database read here).
    const installId = install.headers['x-install-id'] as string;
    const [row] = await t.db.query<{ id: string }>("SELECT id FROM collector_installs WHERE email = 'ada@example.com'");
    expect(installId).toBe(row!.id);
    const send = (token: string, installId: string, name: string, body: Buffer) =>
      t.app.inject({
        method: 'POST',
        url: `/gluon-backend/sharedExtractorLinks/${token}/installs/${installId}/files?name=${name}`,
        headers: { 'content-type': 'application/octet-stream' },
        payload: body,
      });
    const other = {
      osVersion: 'iPhone OS 17.1',
      build: '21B74',
      modelCode: 'iPhone15,3',
      crashReporterKey: 'aaaabbbbccccdddd000000000000000000000001',
    };
    const sent = await send(linkToken, installId, 'sysdiagnose.tar.gz', sampleSysdiagnose({ device: other }));
    expect(sent.statusCode, sent.body).toBe(201);
    const done = await settled(sent.json().upload.inspectionId);
    expect(done).toMatchObject({ status: 'done', origin: 'collector', deviceName: 'Ada Lovelace (ada@example.com)' });
    const detail = await get(`/gluon-backend/devices/${done.deviceId}`);
    expect(detail.device.modelCode).toBe('iPhone15,3');
    expect(detail.incidents.map((i: Json) => i.familyName)).toContain('DarkSword');
    expect((await send('not-a-link', row!.id, 'shutdown.log', Buffer.from('x'))).statusCode).toBe(404);
    await t.app.inject({
      method: 'PATCH',
      url: `/gluon-backend/sharedExtractorLinks/${link.json().link.id}`,
      headers: auth(admin),
      payload: { active: false },
    });
    const refused = await send(linkToken, row!.id, 'shutdown.log', Buffer.from('x'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('The link is not active.');
  });

  it('gives a clear error per bad file and writes nothing outside its storage folder', async () => {
    const exe = await upload('setup.exe', Buffer.from('MZ'));
    expect(exe.statusCode).toBe(415);
    expect(exe.json().message).toMatch(/not a file Gluon inspects/);
    const big = await upload('big.ips', Buffer.alloc(1024 * 1024 + 1, 0x41));
    expect(big.statusCode).toBe(413);
    // Without a Content-Length the limit is only found while streaming: the same 413 and message.
    const streamed = await t.app.inject({
      method: 'POST',
      url: '/gluon-backend/uploads?name=streamed.ips',
      headers: { ...auth(admin), 'content-type': 'application/octet-stream' },
      payload: Readable.from([Buffer.alloc(600 * 1024, 0x41), Buffer.alloc(600 * 1024, 0x41)]),
    });
    expect(streamed.raw.req.headers['content-length']).toBeUndefined();
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json().message).toBe(big.json().message);
    const notGzip = await upload('fake.tar.gz', Buffer.from('this is not gzip at all'));
    expect(notGzip.statusCode).toBe(422);
    const traversal = await upload('evil.tar', createTar([{ path: '../../escape.ips', data: '{}' }]));
    const failed = await settled(traversal.json().upload.inspectionId);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/evil\.tar/);
    const truncated = await upload(
      'cut.tar.gz',
      createTarGz([{ path: 'a/shutdown.log', data: 'x'.repeat(5000) }]).subarray(0, 60),
    );
    expect((await settled(truncated.json().upload.inspectionId)).status).toBe('failed');
    expect((await readdir(storageDir)).sort().every((entry) => /^[0-9a-f]{2}$|^tmp$/.test(entry))).toBe(true);
    expect(await readdir(path.join(storageDir, 'tmp'))).toEqual([]);
  });
});
