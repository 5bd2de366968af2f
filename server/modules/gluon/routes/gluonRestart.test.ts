import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../../../test/testApp';
import { readFixtureBundle } from '../../inspection/public';
import { createFsStorage } from '../services/fileStorage';
import { runInspectJob } from '../services/inspectionRunner';
import { claimJob } from '../services/jobs';
import { sampleSysdiagnose } from '../services/sampleUploads';
import { GluonWorker } from '../services/worker';

describe('gluon job queue: a restart mid-inspection finishes the job once', () => {
  let t: TestApp;
  let storageDir: string;
  let token: string;
  beforeAll(async () => {
    storageDir = await mkdtemp(path.join(os.tmpdir(), 'gluon-restart-'));
    // No worker in the app: the test plays the instances.
    t = await createTestApp({ env: { GLUON_STORAGE_DIR: storageDir, GLUON_WORKER: 'off' } });
    token = (await t.accessToken(await t.createUser())).token;
  });
  afterAll(async () => {
    await t?.close();
    await rm(storageDir, { recursive: true, force: true });
  });

  it('a second instance takes over a job whose worker stopped; the first one, back late, writes nothing', async () => {
    const headers = { authorization: `Bearer ${token}` };
    for (const name of ['darksword', 'operation_triangulation'] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/globalrulesrepository-backend/ruleSets',
        headers,
        payload: { bundle: readFixtureBundle(name).toString('utf8') },
      });
      expect(res.statusCode).toBe(201);
    }
    await t.db.query("DELETE FROM gluon_jobs WHERE kind = 'rescan'");
    const up = await t.app.inject({
      method: 'POST',
      url: '/gluon-backend/uploads?name=s.tar.gz',
      headers: { ...headers, 'content-type': 'application/octet-stream' },
      payload: sampleSysdiagnose(),
    });
    expect(up.statusCode).toBe(201);
    const inspectionId = up.json().upload.inspectionId as string;

    // Instance A claims the job, then "dies" (never finishes, never beats).
    const stalled = await claimJob(t.db, 'instance-a', 60);
    expect(stalled?.inspectionId).toBe(inspectionId);
    // While A's claim is fresh, nobody else gets the job.
    expect(await claimJob(t.db, 'instance-b', 60)).toBeNull();
    await t.db.query("UPDATE gluon_jobs SET heartbeat_at = now() - interval '5 minutes'");

    // Instance B, after the restart, re-claims the stale job and finishes it.
    const storage = createFsStorage(storageDir);
    const b = new GluonWorker(t.db, storage, t.app.log, { staleSeconds: 60 });
    expect(await b.runOnce()).toBe(true);
    expect(await b.runOnce()).toBe(false);

    // A wakes up and runs its (lost) claim to the end: its transaction sees the claim gone and writes nothing.
    await runInspectJob(t.db, storage, stalled!);

    const [job] = await t.db.query<{ status: string; attempts: number; claimed_by: string }>(
      'SELECT status, attempts, claimed_by FROM gluon_jobs WHERE inspection_id = $1',
      [inspectionId],
    );
    expect(job).toMatchObject({ status: 'done', attempts: 2, claimed_by: b.id });
    const [counts] = await t.db.query<{
      findings: number;
      incidents: number;
      observations: number;
      distinct_obs: number;
    }>(
      `SELECT (SELECT count(*)::int FROM gluon_findings) AS findings, (SELECT count(*)::int FROM gluon_incidents) AS incidents,
              (SELECT count(*)::int FROM gluon_observations) AS observations,
              (SELECT count(*)::int FROM (SELECT DISTINCT kind, value, source FROM gluon_observations) d) AS distinct_obs`,
    );
    expect(counts!.incidents).toBe(2);
    expect(counts!.findings).toBe(2);
    expect(counts!.observations).toBe(counts!.distinct_obs);
    const [inspection] = await t.db.query<{ status: string; new_finding_count: number }>(
      'SELECT status, new_finding_count FROM gluon_inspections WHERE id = $1',
      [inspectionId],
    );
    expect(inspection).toEqual({ status: 'done', new_finding_count: 2 });
  });

  it('a job that stopped its worker three times fails, and so does its inspection', async () => {
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' };
    const up = await t.app.inject({
      method: 'POST',
      url: '/gluon-backend/uploads?name=shutdown.log',
      headers,
      payload: Buffer.from('remaining client pid: 9 (/usr/libexec/crashy)\n'),
    });
    const inspectionId = up.json().upload.inspectionId as string;
    for (let i = 0; i < 3; i++) {
      expect((await claimJob(t.db, `dying-${i}`, 60))?.inspectionId).toBe(inspectionId);
      await t.db.query("UPDATE gluon_jobs SET heartbeat_at = now() - interval '5 minutes' WHERE inspection_id = $1", [
        inspectionId,
      ]);
    }
    expect(await claimJob(t.db, 'next', 60)).toBeNull();
    const [row] = await t.db.query<{ job: string; inspection: string; error: string }>(
      'SELECT j.status AS job, n.status AS inspection, n.error FROM gluon_jobs j JOIN gluon_inspections n ON n.id = j.inspection_id WHERE n.id = $1',
      [inspectionId],
    );
    expect(row).toEqual({
      job: 'failed',
      inspection: 'failed',
      error: 'The inspection stopped 3 times; it was not retried.',
    });
  });

  it('two workers polling together run each job once', async () => {
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' };
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/gluon-backend/uploads?name=shutdown.log',
        headers,
        payload: Buffer.from(`remaining client pid: ${100 + i} (/usr/libexec/d${i})\n`),
      });
      ids.push(res.json().upload.inspectionId);
    }
    const storage = createFsStorage(storageDir);
    const w1 = new GluonWorker(t.db, storage, t.app.log);
    const w2 = new GluonWorker(t.db, storage, t.app.log);
    const drain = async (w: GluonWorker) => {
      let n = 0;
      while (await w.runOnce()) n++;
      return n;
    };
    const [n1, n2] = await Promise.all([drain(w1), drain(w2)]);
    expect(n1 + n2).toBe(4);
    const rows = await t.db.query<{ attempts: number; status: string }>(
      'SELECT attempts, status FROM gluon_jobs WHERE inspection_id = ANY($1::uuid[])',
      [ids],
    );
    expect(rows.map((r) => [r.status, r.attempts])).toEqual(Array(4).fill(['done', 1]));
  });
});
