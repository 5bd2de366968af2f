import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { familyBundle } from '../../../test/familyBundle';
import type { Json } from '../../../test/json';
import { createTestApp, type TestApp } from '../../../test/testApp';
import { backupArchive, generateIosBackup, SAMPLE_BACKUP_LINK } from '../../inspection/public';
import { backupPasswords } from '../services/backupPasswords';
import { SAMPLE_IOS_BACKUP_PATH } from './iosBackupSampleRoute';

const PASSWORD = 'Backup pässword 1';

/** iPhone backups through gluon's pipeline (PGlite here; the same file runs on PostgreSQL in server-pg). */
describe('gluon on iPhone backups: upload (with a password) -> inspection -> findings, or a named failure with nothing stored', () => {
  let t: TestApp;
  let storageDir: string;
  let admin: string;
  beforeAll(async () => {
    storageDir = await mkdtemp(path.join(os.tmpdir(), 'gluon-ios-backup-'));
    t = await createTestApp({
      env: { GLUON_STORAGE_DIR: storageDir, GLUON_WORKER: 'on', GLUON_EXAMPLE_RULE_SETS: 'on' },
    });
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
  const upload = (name: string, body: Buffer, password?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/gluon-backend/uploads?name=${encodeURIComponent(name)}`,
      headers: {
        ...auth(),
        'content-type': 'application/octet-stream',
        ...(password ? { 'x-backup-password': encodeURIComponent(password) } : {}),
      },
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
  async function inspected(name: string, body: Buffer, password?: string): Promise<Json> {
    const res = await upload(name, body, password);
    expect(res.statusCode, res.body).toBe(201);
    return settled(res.json().upload.inspectionId);
  }
  const stored = async (inspectionId: string) => {
    const [row] = await t.db.query<{ n: string | number; device_id: string | null }>(
      'SELECT (SELECT count(*) FROM gluon_observations WHERE inspection_id = $1) AS n, device_id FROM gluon_inspections WHERE id = $1',
      [inspectionId],
    );
    return { observations: Number(row!.n), deviceId: row!.device_id };
  };

  let encrypted: Buffer;
  beforeAll(async () => {
    encrypted = backupArchive(await generateIosBackup({ password: PASSWORD }));
    const res = await t.app.inject({
      method: 'POST',
      url: '/globalrulesrepository-backend/ruleSets',
      headers: auth(),
      payload: {
        bundle: familyBundle('smslink', 'SmsLink', ["[domain-name:value = 'snapshare.chat']"]),
        fileName: 'sms.stix2',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    while ((await t.app.queue.tick()) > 0);
  });

  it('fails a wrong password with its name and stores nothing, nor keeps the password', async () => {
    const done = await inspected('backup.zip', encrypted, 'not the password');
    expect(done.status).toBe('failed');
    expect(done.error).toBe('backup.zip: wrong backup password: it does not unlock the backup keybag');
    expect(await stored(done.inspectionId)).toEqual({ observations: 0, deviceId: null });
    expect(backupPasswords.get(done.inspectionId)).toBeUndefined();
  });

  it('fails an encrypted backup uploaded without its password', async () => {
    // Other bytes: the same ones again without a password answer their earlier inspection.
    const other = backupArchive(await generateIosBackup({ password: PASSWORD, seed: 'no-password' }));
    const done = await inspected('backup.zip', other);
    expect(done.status).toBe('failed');
    expect(done.error).toMatch(/encrypted: upload it again with its backup password/);
  });

  it('inspects the encrypted backup with its password (a new inspection of the same bytes): an iPhone, the SMS link found with its evidence', async () => {
    const done = await inspected('backup.zip', encrypted, PASSWORD);
    expect(done.status, done.error).toBe('done');
    expect(done.warnings).toEqual(
      expect.arrayContaining([expect.stringMatching(/^iPhone backup \(encrypted\): Manifest.db lists 10 files/)]),
    );
    const devices = await get('/gluon-backend/devices');
    expect(devices.items.find((d: Json) => d.id === done.deviceId)).toMatchObject({
      platform: 'ios',
      modelCode: 'iPhone14,2',
      osVersion: 'iPhone OS 17.4.1 (21E236)',
      serial: 'F2LXSAMPLE01',
      openIncidents: 1,
    });
    const detail = await get(`/gluon-backend/devices/${done.deviceId}`);
    expect(detail.incidents.map((i: Json) => i.familyName)).toEqual(['SmsLink']);
    const incident = await get(`/gluon-backend/incidents/${detail.incidents[0].id}`);
    expect(incident.evidence.map((e: Json) => [e.kind, e.value, e.source, e.line])).toContainEqual([
      'domain',
      'snapshare.chat',
      'HomeDomain/Library/SMS/sms.db',
      1,
    ]);
    const urls = await t.db.query<{ value: string }>(
      "SELECT value FROM gluon_observations WHERE inspection_id = $1 AND kind = 'url'",
      [done.inspectionId],
    );
    expect(urls.map((u) => u.value)).toContain(SAMPLE_BACKUP_LINK);
    // The password went nowhere: not held any more, not in the job's data, not in the inspection.
    expect(backupPasswords.get(done.inspectionId)).toBeUndefined();
    const leaks = await t.db.query(
      "SELECT 1 FROM queue_jobs WHERE data::text LIKE '%' || $1 || '%' UNION ALL SELECT 1 FROM gluon_inspections WHERE concat(error, warnings::text, artefacts::text) LIKE '%' || $1 || '%'",
      ['pässword'],
    );
    expect(leaks).toEqual([]);
    // Its job was kept to this instance (the only one holding the password) for the password's time.
    const [job] = await t.db.query<{ held_by: string | null; held_until: Date | null; created_at: Date }>(
      "SELECT held_by, held_until, created_at FROM queue_jobs WHERE data->>'inspectionId' = $1",
      [done.inspectionId],
    );
    expect(job!.held_by).toBe(t.app.queue.workerId);
    expect(new Date(job!.held_until!).getTime() - new Date(job!.created_at).getTime()).toBeGreaterThan(25 * 60_000);
  });

  it('inspects an unencrypted tarred backup', async () => {
    const done = await inspected('backup.tar.gz', backupArchive(await generateIosBackup({ seed: 'plain' }), 'tar.gz'));
    expect(done.status, done.error).toBe('done');
    expect(done.findings).toBeGreaterThan(0);
    // Nothing in memory to wait for: any instance's worker may take it.
    const [job] = await t.db.query<{ held_by: string | null }>(
      "SELECT held_by FROM queue_jobs WHERE data->>'inspectionId' = $1",
      [done.inspectionId],
    );
    expect(job!.held_by).toBeNull();
  });

  it('fails a corrupt database, naming it, with nothing stored', async () => {
    const bad = Buffer.concat([Buffer.from('SQLite format 3\0', 'latin1'), Buffer.alloc(4096 - 16, 0xee)]);
    const archive = backupArchive(
      await generateIosBackup({
        password: PASSWORD,
        seed: 'corrupt',
        replace: { 'HomeDomain/Library/SMS/sms.db': bad },
      }),
    );
    const done = await inspected('corrupt.zip', archive, PASSWORD);
    expect(done.status).toBe('failed');
    expect(done.error).toMatch(/^corrupt\.zip: HomeDomain\/Library\/SMS\/sms\.db is a corrupt SQLite database/);
    expect(await stored(done.inspectionId)).toEqual({ observations: 0, deviceId: null });
  });

  it('fails a truncated backup (a cut archive, a listed file missing), naming the fault', async () => {
    const cut = await inspected('cut.zip', encrypted.subarray(0, encrypted.length - 200), PASSWORD);
    expect(cut.status).toBe('failed');
    expect(cut.error).toMatch(/^cut\.zip: .*(truncated|central directory)/i);
    const missing = backupArchive(
      await generateIosBackup({ seed: 'missing', omit: ['HomeDomain/Library/TCC/TCC.db'] }),
      'tar',
    );
    const done = await inspected('missing.tar', missing);
    expect(done.status).toBe('failed');
    expect(done.error).toMatch(
      /the backup is incomplete: 1 file listed in Manifest.db is not in it \(HomeDomain\/Library\/TCC\/TCC.db\)/,
    );
    expect(await stored(done.inspectionId)).toEqual({ observations: 0, deviceId: null });
  });

  it('serves the encrypted sample, which the example rule sets flag', async () => {
    const res = await t.app.inject({ url: SAMPLE_IOS_BACKUP_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const done = await inspected('iphone_backup_sample_encrypted.zip', res.rawPayload, 'gluon-sample');
    expect(done.status, done.error).toBe('done');
    expect(done.findings).toBeGreaterThan(0);
  });
});
