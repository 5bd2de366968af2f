import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import type { Json } from '../../../test/json';
import { createTestApp, type TestApp } from '../../../test/testApp';
import { backupArchive, generateIosBackup, SAMPLE_BACKUP_LINK } from '../../inspection/public';

const PASSWORD = 'gluon-sample';
const DOMAIN = new URL(SAMPLE_BACKUP_LINK).hostname;

/**
 * A domain from an encrypted iPhone backup reaches monitoring with no special case: a neutrino
 * saved hunt of kind domain, saved before the backup is uploaded, matches the SMS link's host when
 * the inspection finishes, and monitoring's loop raises one "hunt" alert naming the device and the
 * domain. The jobs are the app's own (gluon's worker, neutrino's saved-hunt scan, monitoring's
 * loop) on its queue, which the test ticks. PGlite here; server-pg runs the same file on PostgreSQL.
 */
describe('a saved domain hunt on an encrypted iPhone backup -> a monitoring alert', () => {
  let t: TestApp;
  let storageDir: string;
  let admin: string;
  beforeAll(async () => {
    storageDir = await mkdtemp(path.join(os.tmpdir(), 'gluon-domain-hunt-'));
    t = await createTestApp({
      env: {
        GLUON_STORAGE_DIR: storageDir,
        GLUON_WORKER: 'on',
        MONITORING_WORKER: 'on',
        NEUTRINO_SAVED_HUNT_SCAN_MS: '1000',
      },
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

  it(
    'the hunt saved with no match alerts once when the backup holding the domain is inspected',
    { timeout: 120_000 },
    async () => {
      const saved = await t.app.inject({
        method: 'POST',
        url: '/neutrino-backend/savedHunts',
        headers: { ...auth(), 'content-type': 'application/json' },
        payload: { name: 'SMS phishing domain', hunt: { mode: 'exact', value: DOMAIN, kinds: ['domain'] } },
      });
      expect(saved.statusCode, saved.body).toBe(201);
      expect(saved.json()).toMatchObject({ type: 'hunt', matches: 0 });
      const huntId = saved.json().id as string;

      const res = await t.app.inject({
        method: 'POST',
        url: `/gluon-backend/uploads?name=${encodeURIComponent('iphone-backup.zip')}`,
        headers: {
          ...auth(),
          'content-type': 'application/octet-stream',
          'x-backup-password': encodeURIComponent(PASSWORD),
        },
        payload: backupArchive(await generateIosBackup({ password: PASSWORD })),
      });
      expect(res.statusCode, res.body).toBe(201);
      const inspectionId = res.json().upload.inspectionId as string;

      // Each tick runs what is due: the inspection, then the saved-hunt scan, then the alert loop.
      const alert = await vi.waitFor(
        async () => {
          await t.app.queue.tick();
          const { items } = await get('/monitoring-backend/alerts?category=hunt');
          expect(items).toHaveLength(1);
          return items[0] as Json;
        },
        { timeout: 100_000, interval: 50 },
      );
      const upload = (await get('/gluon-backend/uploads?size=200')).items.find(
        (u: Json) => u.inspectionId === inspectionId,
      );
      expect(upload.status, upload.error).toBe('done');
      expect(alert).toMatchObject({ category: 'hunt', huntId, inspectionId, deviceId: expect.any(String) });
      expect(alert.title).toMatch(new RegExp(`^Saved hunt "SMS phishing domain" matched on .+: domain ${DOMAIN}`));
      const matches = await get(`/neutrino-backend/savedHunts/${huntId}/matches`);
      expect(JSON.stringify(matches)).toContain(DOMAIN);
      // Scanned again with nothing new: still one alert.
      await t.app.queue.tick();
      expect((await get('/monitoring-backend/alerts?category=hunt')).items).toHaveLength(1);
    },
  );
});
