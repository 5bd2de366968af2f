import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { JobQueue, type QueueClock } from '../../../queue';
import { createTestApp, type TestApp } from '../../../test/testApp';
import { readFixtureBundle } from '../../inspection/public';
import { registerGluonJobs } from '../jobs';
import { createFsStorage } from '../services/fileStorage';
import type { RunnerHooks } from '../services/inspectionRunner';
import { sampleSysdiagnose } from '../services/sampleUploads';

/** A clock the test moves: a heartbeat goes stale and a retry is due when the test says so. */
function manualClock(): QueueClock & { advance(ms: number): void } {
  let t = Date.now();
  return { now: () => new Date(t), advance: (ms) => (t += ms) };
}

/** A worker that stops before it commits, until `release()`: an instance that stalled or died. */
function stalling() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let reached!: () => void;
  const stopped = new Promise<void>((resolve) => (reached = resolve));
  const hooks: RunnerHooks = {
    beforeCommit: async () => {
      reached();
      await released;
    },
  };
  return { hooks, stopped, release };
}

describe('gluon on the job queue: a restart mid-inspection finishes the job once', () => {
  let t: TestApp;
  let storageDir: string;
  let token: string;
  beforeAll(async () => {
    storageDir = await mkdtemp(path.join(os.tmpdir(), 'gluon-restart-'));
    // No gluon worker in the app: the test plays the instances, each a queue of its own on the database.
    t = await createTestApp({ env: { GLUON_STORAGE_DIR: storageDir, GLUON_WORKER: 'off' } });
    token = (await t.accessToken(await t.createUser())).token;
  });
  afterAll(async () => {
    await t?.close();
    await rm(storageDir, { recursive: true, force: true });
  });

  const instance = (workerId: string, clock: QueueClock, hooks?: RunnerHooks) => {
    // Heartbeats only when the test says: a stalled instance stays silent.
    const queue = new JobQueue(t.db, { clock, workerId, heartbeatMs: 3_600_000 });
    registerGluonJobs(queue, {
      db: t.db,
      storage: createFsStorage(storageDir),
      log: t.app.log,
      ...(hooks ? { hooks } : {}),
    });
    return queue;
  };
  const jobOf = async (inspectionId: string) =>
    (
      await t.db.query<{ state: string; attempts: number; claimed_by: string; error: string | null }>(
        "SELECT state, attempts, claimed_by, error FROM queue_jobs WHERE queue = 'gluon.inspect' AND data->>'inspectionId' = $1",
        [inspectionId],
      )
    )[0]!;
  const inspectionOf = async (inspectionId: string) =>
    (
      await t.db.query<{ status: string; error: string | null }>(
        'SELECT status, error FROM gluon_inspections WHERE id = $1',
        [inspectionId],
      )
    )[0]!;
  const uploadLog = async (line: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/gluon-backend/uploads?name=shutdown.log',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
      payload: Buffer.from(`${line}\n`),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().upload.inspectionId as string;
  };

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
    await t.db.query("DELETE FROM queue_jobs WHERE queue = 'gluon.rescan'");
    const up = await t.app.inject({
      method: 'POST',
      url: '/gluon-backend/uploads?name=s.tar.gz',
      headers: { ...headers, 'content-type': 'application/octet-stream' },
      payload: sampleSysdiagnose(),
    });
    expect(up.statusCode).toBe(201);
    const inspectionId = up.json().upload.inspectionId as string;
    expect(await inspectionOf(inspectionId)).toEqual({ status: 'queued', error: null });

    // Instance A claims the job, then stalls before it commits (never finishes, never beats).
    const clock = manualClock();
    const a = stalling();
    const late = instance('instance-a', clock, a.hooks).tick();
    await a.stopped;
    expect(await jobOf(inspectionId)).toMatchObject({ state: 'active', attempts: 1, claimed_by: 'instance-a' });
    expect((await inspectionOf(inspectionId)).status).toBe('running');
    // While A's claim is fresh, nobody else gets the job.
    const b = instance('instance-b', clock);
    expect(await b.tick()).toBe(0);
    clock.advance(61_000);

    // Instance B, after the restart, claims the stale job again and finishes it.
    expect(await b.tick()).toBe(1);
    expect(await b.tick()).toBe(0);

    // A wakes up and runs its (lost) claim to the end: its transaction sees the claim gone and writes nothing.
    a.release();
    expect(await late).toBe(1);

    expect(await jobOf(inspectionId)).toMatchObject({ state: 'completed', attempts: 2, claimed_by: 'instance-b' });
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
    const inspectionId = await uploadLog('remaining client pid: 9 (/usr/libexec/crashy)');
    const clock = manualClock();
    const dying = [0, 1, 2].map(() => stalling());
    const ticks: Promise<number>[] = [];
    for (const [i, d] of dying.entries()) {
      ticks.push(instance(`dying-${i}`, clock, d.hooks).tick());
      await d.stopped;
      expect(await jobOf(inspectionId)).toMatchObject({ state: 'active', attempts: i + 1 });
      clock.advance(61_000);
    }
    // The next instance finds no attempt left: the job fails, and its inspection with it.
    expect(await instance('next', clock).tick()).toBe(0);
    expect(await jobOf(inspectionId)).toMatchObject({
      state: 'failed',
      error: 'The inspection stopped 3 times; it was not retried.',
    });
    expect(await inspectionOf(inspectionId)).toEqual({
      status: 'failed',
      error: 'The inspection stopped 3 times; it was not retried.',
    });
    // The dead instances coming back change nothing.
    for (const d of dying) d.release();
    expect(await Promise.all(ticks)).toEqual([1, 1, 1]);
    expect((await inspectionOf(inspectionId)).status).toBe('failed');
  });

  it('an inspection that throws is queued again and retried with backoff; the last failure fails it with a message', async () => {
    const inspectionId = await uploadLog('remaining client pid: 10 (/usr/libexec/flaky)');
    const clock = manualClock();
    let calls = 0;
    const queue = instance('flaky', clock, {
      beforeCommit: async () => {
        calls++;
        throw new Error('connection terminated unexpectedly');
      },
    });
    expect(await queue.tick()).toBe(1);
    expect(await jobOf(inspectionId)).toMatchObject({ state: 'retry', attempts: 1 });
    // Waiting for its retry, the upload shows queued again (never a database error).
    expect(await inspectionOf(inspectionId)).toEqual({ status: 'queued', error: null });
    expect(await queue.tick()).toBe(0);
    clock.advance(5000);
    expect(await queue.tick()).toBe(1);
    clock.advance(10_000);
    expect(await queue.tick()).toBe(1);
    expect(calls).toBe(3);
    expect(await jobOf(inspectionId)).toMatchObject({
      state: 'failed',
      attempts: 3,
      error: 'The inspection failed unexpectedly.',
    });
    expect(await inspectionOf(inspectionId)).toEqual({
      status: 'failed',
      error: 'The inspection failed unexpectedly.',
    });
  });

  it('two instances polling together run each job once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push(await uploadLog(`remaining client pid: ${100 + i} (/usr/libexec/d${i})`));
    const clock = manualClock();
    const drain = async (q: JobQueue) => {
      let n = 0;
      for (let ran = await q.tick(); ran > 0; ran = await q.tick()) n += ran;
      return n;
    };
    const [n1, n2] = await Promise.all([drain(instance('w1', clock)), drain(instance('w2', clock))]);
    expect(n1 + n2).toBe(4);
    const rows = await t.db.query<{ attempts: number; state: string }>(
      "SELECT attempts, state FROM queue_jobs WHERE queue = 'gluon.inspect' AND data->>'inspectionId' = ANY($1::text[])",
      [ids],
    );
    expect(rows.map((r) => [r.state, r.attempts])).toEqual(Array(4).fill(['completed', 1]));
    for (const id of ids) expect((await inspectionOf(id)).status).toBe('done');
  });
});
