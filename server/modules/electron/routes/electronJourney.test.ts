import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Json } from '../../../test/json';
import { createTestApp, type TestApp } from '../../../test/testApp';
import { aftermathZip, createZip, EXAMPLE_MAC_FAMILY, exampleMacBundle, MAC_SAMPLE } from '../../inspection/public';

/** An Aftermath archive through upload, the job queue, matching and incidents (PGlite; server-pg runs it on PostgreSQL). */
describe('electron: Aftermath archive -> Mac -> findings, heuristics, risk', () => {
  let t: TestApp;
  let storageDir: string;
  let admin: string;
  beforeAll(async () => {
    storageDir = await mkdtemp(path.join(os.tmpdir(), 'electron-'));
    t = await createTestApp({ env: { GLUON_STORAGE_DIR: storageDir, GLUON_UPLOAD_LIMIT_MB: '4', GLUON_WORKER: 'on' } });
    admin = (await t.accessToken(await t.createUser())).token;
    const res = await t.app.inject({
      method: 'POST',
      url: '/globalrulesrepository-backend/ruleSets',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      payload: { bundle: exampleMacBundle(), fileName: 'example_macos.stix2' },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
  }, 180_000);
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
  const upload = async (data: Buffer, name: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/electron-backend/uploads?name=${encodeURIComponent(name)}`,
      headers: { ...auth(), 'content-type': 'application/octet-stream' },
      payload: data,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().archive.inspectionId as string;
  };
  const settled = async (inspectionId: string) => {
    for (;;) {
      const { items } = await get('/electron-backend/uploads');
      const archive = (items as Json[]).find((a) => a.inspectionId === inspectionId)!;
      if (archive.status === 'done' || archive.status === 'failed') return archive;
      await t.app.queue.tick();
    }
  };

  it('the sample: the Mac at High, its launch agent matched, the TCC grant and the agent flagged', async () => {
    const archive = await settled(await upload(await aftermathZip(), `Aftermath_${MAC_SAMPLE.serial}.zip`));
    expect(archive.status, archive.error).toBe('done');
    expect(archive.findings).toBeGreaterThan(0);
    const { items } = await get('/electron-backend/macs');
    const mac = (items as Json[]).find((m) => m.serial === MAC_SAMPLE.serial)!;
    expect(mac).toMatchObject({ risk: 'high', model: MAC_SAMPLE.model, osVersion: `macOS ${MAC_SAMPLE.osVersion}` });
    const detail = await get(`/electron-backend/macs/${mac.id}`);
    expect(detail.incidents).toEqual([expect.objectContaining({ familyName: EXAMPLE_MAC_FAMILY, state: 'open' })]);
    const rules = (detail.heuristics as Json[]).map((h) => h.rule);
    expect(rules).toEqual(expect.arrayContaining(['macos.persistence-user-writable', 'macos.tcc-risky-grant']));
    expect((detail.persistence as Json[]).map((p) => p.program)).toContain(MAC_SAMPLE.agentProgram);
    // The same device as gluon's: its incident opens on gluon's incident page.
    const incident = await get(`/gluon-backend/incidents/${detail.incidents[0].id}`);
    expect(JSON.stringify(incident)).toContain(MAC_SAMPLE.agentSha256);
    const timeline = await get(`/electron-backend/macs/${mac.id}/timeline?kind=tcc&size=1`);
    expect(timeline.total).toBeGreaterThanOrEqual(2);
    expect(timeline.items).toHaveLength(1);
    // The new artefacts' events answer their own filters: ExecPolicy's runs and the unified log's failed sudo.
    const runs = await get(`/electron-backend/macs/${mac.id}/timeline?kind=execution`);
    expect((runs.items as Json[]).map((e) => e.source)).toContain('Artifacts/raw/provenance/ExecPolicy');
    const log = await get(`/electron-backend/macs/${mac.id}/timeline?kind=log&search=incorrect%20password`);
    expect(log.items).toEqual([expect.objectContaining({ source: 'UnifiedLog/failed_sudo.txt', kind: 'log' })]);
    expect(rules).toContain('macos.unsigned-execution');
  });

  const triage = (id: string, body: Json, token = admin) =>
    t.app.inject({
      method: 'POST',
      url: `/electron-backend/macs/${id}/heuristics/triage`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: body,
    });

  it('a heuristic marked benign (with why) stops counting in the risk, in the next archive too, until reopened', async () => {
    const archive = await settled(
      await upload(await aftermathZip({ clean: true, weakened: true, serial: 'C02WEAK00MAC' }), 'weak.zip'),
    );
    expect(archive.status, archive.error).toBe('done');
    const macId = archive.deviceId as string;
    const before = await get(`/electron-backend/macs/${macId}`);
    expect(before.mac).toMatchObject({ risk: 'high', openIncidents: 0 });
    const highs = (before.heuristics as Json[]).filter((h) => h.level === 'high');
    expect(highs.map((h) => h.rule).sort()).toEqual(['macos.sip-disabled', 'macos.unexpected-parent']);
    expect(highs.every((h) => h.triage === null && h.key === `${h.rule} ${h.message}`)).toBe(true);

    expect((await triage(macId, { key: highs[0].key, state: 'benign' })).statusCode).toBe(400);
    expect(
      (await triage(macId, { key: 'macos.sip-disabled nothing like it', state: 'benign', comment: 'x' })).statusCode,
    ).toBe(404);
    const reader = (await t.accessToken(await t.createUser({ permissions: ['elc#rpt#r'] }))).token;
    expect((await triage(macId, { key: highs[0].key, state: 'benign', comment: 'x' }, reader)).statusCode).toBe(403);

    for (const h of highs) {
      const res = await triage(macId, { key: h.key, state: 'benign', comment: 'lab Mac, SIP off on purpose' });
      expect(res.statusCode, res.body).toBe(200);
    }
    const after = await get(`/electron-backend/macs/${macId}`);
    expect(after.mac).toMatchObject({ risk: 'medium', heuristics: before.mac.heuristics - 2 });
    expect((after.heuristics as Json[]).find((h) => h.key === highs[0].key).triage).toMatchObject({
      state: 'benign',
      comment: 'lab Mac, SIP off on purpose',
      by: expect.stringContaining('@'),
    });
    const [audit] = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_events WHERE action = 'electron.heuristic.triage' AND target = $1",
      [macId],
    );
    expect(audit!.n).toBe(2);

    // The same Mac collected again: the same heuristics, still benign.
    const again = await settled(
      await upload(await aftermathZip({ clean: true, weakened: true, serial: 'C02WEAK00MAC' }), 'weak-again.zip'),
    );
    expect(again.status).toBe('done');
    expect((await get('/electron-backend/macs')).items.find((m: Json) => m.id === macId).risk).toBe('medium');

    const reopened = await triage(macId, { key: highs[0].key, state: 'open' });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json().mac.risk).toBe('high');
  });

  it('a clean control archive (zipped by hand) opens no incident and no heuristic', async () => {
    const archive = await settled(
      await upload(await aftermathZip({ clean: true, handZipped: true, serial: 'C02CLEAN0MAC' }), 'control.zip'),
    );
    expect(archive.status, archive.error).toBe('done');
    expect(archive).toMatchObject({ findings: 0, heuristics: 0 });
    const { items } = await get('/electron-backend/macs');
    expect((items as Json[]).find((m) => m.serial === 'C02CLEAN0MAC')).toMatchObject({
      risk: 'none',
      openIncidents: 0,
    });
  });

  it('hostile archives fail their inspection with the reason; something not a zip is refused at once', async () => {
    const traversal = await settled(
      await upload(createZip([{ name: '../Recon/system_information.txt', data: 'x' }]), 'a.zip'),
    );
    expect(traversal).toMatchObject({ status: 'failed' });
    expect(traversal.error).toMatch(/a\.zip: /);
    const link = await settled(
      await upload(
        createZip([{ name: 'Aftermath_X/Recon/system_information.txt', data: '/etc/passwd', unixMode: 0o120777 }]),
        'b.zip',
      ),
    );
    expect(link.error).toMatch(/link/);
    const foreign = await settled(await upload(createZip([{ name: 'notes/readme.txt', data: 'hello' }]), 'c.zip'));
    expect(foreign.error).toMatch(/not an Aftermath archive/);
    const res = await t.app.inject({
      method: 'POST',
      url: '/electron-backend/uploads?name=x.zip',
      headers: { ...auth(), 'content-type': 'application/octet-stream' },
      payload: Buffer.from('not a zip at all'),
    });
    expect(res.statusCode).toBe(415);
  });
});
