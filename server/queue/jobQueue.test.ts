import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { Database } from '../contracts';
import { createTestDatabase } from '../test/testApp';
import { JobQueue, PermanentJobError, type QueueClock } from './jobQueue';

/** A clock the test moves: backoff, heartbeats and schedules are due when the test says so. */
function manualClock(start = new Date('2026-01-05T10:00:00Z')): QueueClock & { advance(ms: number): void } {
  let t = start.getTime();
  return { now: () => new Date(t), advance: (ms) => (t += ms) };
}

const stateOf = async (db: Database, id: string) =>
  (
    await db.query<{ state: string; attempts: number; error: string | null; run_after: Date }>(
      'SELECT state, attempts, error, run_after FROM queue_jobs WHERE id = $1',
      [id],
    )
  )[0]!;

describe('job queue (both engines)', () => {
  let db: Database;
  beforeEach(async () => {
    db = await createTestDatabase();
  });
  afterEach(async () => {
    await db.close();
  });

  it('retries a failing job with exponential backoff, then keeps it failed with its error', async () => {
    const clock = manualClock();
    const queue = new JobQueue(db, { clock });
    let calls = 0;
    queue.work('flaky', async () => {
      calls++;
      throw new Error(`SMTP refused (${calls})`);
    });
    const id = (await queue.send('flaky', { n: 1 }, { retryLimit: 2, retryDelayMs: 1000 }))!;
    expect(await queue.tick()).toBe(1);
    let job = await stateOf(db, id);
    expect(job).toMatchObject({ state: 'retry', attempts: 1, error: 'SMTP refused (1)' });
    expect(new Date(job.run_after).getTime() - clock.now().getTime()).toBe(1000);
    // Not due yet: nothing runs.
    expect(await queue.tick()).toBe(0);
    clock.advance(1000);
    expect(await queue.tick()).toBe(1);
    job = await stateOf(db, id);
    expect(job.state).toBe('retry');
    expect(new Date(job.run_after).getTime() - clock.now().getTime()).toBe(2000);
    clock.advance(1999);
    expect(await queue.tick()).toBe(0);
    clock.advance(1);
    expect(await queue.tick()).toBe(1);
    expect(await stateOf(db, id)).toMatchObject({ state: 'failed', attempts: 3, error: 'SMTP refused (3)' });
    expect(calls).toBe(3);
    expect(await queue.failures()).toEqual([
      expect.objectContaining({ id, queue: 'flaky', attempts: 3, error: 'SMTP refused (3)' }),
    ]);
    expect(await queue.counts()).toEqual([
      { queue: 'flaky', created: 0, retry: 0, active: 0, completed: 0, failed: 1, retried: 1 },
    ]);
  });

  it('a job kept here is claimed only by the instance that sent it until its time, then by any', async () => {
    const clock = manualClock();
    const ran: string[] = [];
    const instance = (workerId: string) => {
      const queue = new JobQueue(db, { clock, workerId });
      queue.work('backup', async (job) => void ran.push(`${workerId}:${(job.data as { n: number }).n}`));
      return queue;
    };
    const here = instance('here');
    const other = instance('other');
    const until = () => new Date(clock.now().getTime() + 30 * 60_000);
    const first = (await here.send('backup', { n: 1 }, { keepHereUntil: until() }))!;
    expect(await other.tick()).toBe(0);
    expect(await stateOf(db, first)).toMatchObject({ state: 'created', attempts: 0 });
    expect(await here.tick()).toBe(1);
    // The sender stopped before running the second: past its time another instance takes it.
    await here.send('backup', { n: 2 }, { keepHereUntil: until() });
    clock.advance(30 * 60_000 - 1);
    expect(await other.tick()).toBe(0);
    clock.advance(1);
    expect(await other.tick()).toBe(1);
    // A job sent without it goes to whichever instance asks first.
    await here.send('backup', { n: 3 });
    expect(await other.tick()).toBe(1);
    expect(ran).toEqual(['here:1', 'other:2', 'other:3']);
  });

  it('a singleton key keeps one waiting job; run-after and priority order the claims', async () => {
    const clock = manualClock();
    const queue = new JobQueue(db, { clock });
    const seen: string[] = [];
    queue.work<{ name: string }>('ordered', async (job) => void seen.push(job.data.name));
    expect(await queue.send('ordered', { name: 'rescan' }, { singletonKey: 'tenant-1' })).not.toBeNull();
    expect(await queue.send('ordered', { name: 'rescan again' }, { singletonKey: 'tenant-1' })).toBeNull();
    await queue.send('ordered', { name: 'later' }, { runAfter: new Date(clock.now().getTime() + 60_000) });
    await queue.send('ordered', { name: 'urgent' }, { priority: 5 });
    await queue.tick();
    await queue.tick();
    expect(seen).toEqual(['urgent', 'rescan']);
    // The singleton ran: the key is free again.
    expect(await queue.send('ordered', { name: 'rescan 2' }, { singletonKey: 'tenant-1' })).not.toBeNull();
    clock.advance(60_000);
    await queue.tick();
    await queue.tick();
    expect(seen).toEqual(['urgent', 'rescan', 'rescan 2', 'later']);
  });

  it('a job whose worker died (no heartbeat) is claimed again after a restart; with no attempts left it fails', async () => {
    const clock = manualClock();
    const first = new JobQueue(db, { clock, workerId: 'first' });
    let release!: () => void;
    const hanging = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const isRunning = new Promise<void>((resolve) => (started = resolve));
    first.work('inspect', async () => {
      started();
      await hanging;
    });
    const id = (await first.send('inspect', {}, { expireSeconds: 60, retryLimit: 1 }))!;
    const crashed = first.tick();
    await isRunning;
    expect(await stateOf(db, id)).toMatchObject({ state: 'active', attempts: 1 });
    // The process "restarts": a new queue instance on the same database, the old claim silent.
    const second = new JobQueue(db, { clock, workerId: 'second' });
    let ran = 0;
    second.work('inspect', async () => void ran++);
    expect(await second.tick()).toBe(0);
    clock.advance(61_000);
    expect(await second.tick()).toBe(1);
    expect(ran).toBe(1);
    const [row] = await db.query<{ state: string; claimed_by: string; attempts: number }>(
      'SELECT state, claimed_by, attempts FROM queue_jobs WHERE id = $1',
      [id],
    );
    expect(row).toEqual({ state: 'completed', claimed_by: 'second', attempts: 2 });
    // The old worker finishing late does not overwrite the new claim's result.
    release();
    await crashed;
    expect((await stateOf(db, id)).state).toBe('completed');

    // A job that keeps killing its worker ends failed, with a reason.
    const id2 = (
      await db.query<{ id: string }>(
        "INSERT INTO queue_jobs (queue, state, attempts, retry_limit, heartbeat_at, claimed_by) VALUES ('inspect', 'active', 2, 1, $1, 'gone') RETURNING id",
        [clock.now()],
      )
    )[0]!.id;
    clock.advance(61_000);
    await second.tick();
    expect(await stateOf(db, id2)).toMatchObject({
      state: 'failed',
      error: 'The worker stopped 2 times; it was not retried.',
    });
  });

  it("calls onFailed for a job abandoned with no attempts left, so what it worked on is not left 'in progress'", async () => {
    const clock = manualClock();
    const queue = new JobQueue(db, { clock });
    const failed: [string, string][] = [];
    queue.work('deliver', async () => undefined, { onFailed: async (job, error) => void failed.push([job.id, error]) });
    const [row] = await db.query<{ id: string }>(
      "INSERT INTO queue_jobs (queue, state, attempts, retry_limit, heartbeat_at, claimed_by) VALUES ('deliver', 'active', 3, 2, $1, 'gone') RETURNING id",
      [clock.now()],
    );
    clock.advance(61_000);
    expect(await queue.tick()).toBe(0);
    expect(failed).toEqual([[row!.id, 'The worker stopped 3 times; it was not retried.']]);
  });

  it('a PermanentJobError ends the job failed at once, without its retries, and onFailed runs', async () => {
    const queue = new JobQueue(db, { clock: manualClock() });
    const failed: string[] = [];
    let calls = 0;
    queue.work(
      'webhook',
      async () => {
        calls++;
        throw new PermanentJobError('The address 10.0.0.1 is refused.');
      },
      { onFailed: async (_job, error) => void failed.push(error) },
    );
    const id = (await queue.send('webhook', {}, { retryLimit: 5 }))!;
    expect(await queue.tick()).toBe(1);
    expect(await stateOf(db, id)).toMatchObject({
      state: 'failed',
      attempts: 1,
      error: 'The address 10.0.0.1 is refused.',
    });
    expect(await queue.tick()).toBe(0);
    expect([calls, failed]).toEqual([1, ['The address 10.0.0.1 is refused.']]);
  });

  it("keeps a tenant's jobs to that tenant: counts with the system's, failures and retry its own only", async () => {
    const clock = manualClock();
    const queue = new JobQueue(db, { clock });
    const [a, b] = (await Promise.all(
      ['A', 'B'].map(
        async (name) =>
          (await db.query<{ id: string }>('INSERT INTO tenants (name) VALUES ($1) RETURNING id', [name]))[0]!.id,
      ),
    )) as [string, string];
    const seen: (string | null)[] = [];
    queue.work('deliver', async (job) => {
      seen.push(job.tenantId);
      throw new Error(`refused for ${job.tenantId === a ? 'A' : 'B'}`);
    });
    queue.work('clean-up', async () => {
      throw new Error('disk full');
    });
    const ofA = (await queue.send('deliver', {}, { tenantId: a, retryLimit: 0 }))!;
    const ofB = (await queue.send('deliver', {}, { tenantId: b, retryLimit: 0 }))!;
    const system = (await queue.send('clean-up', {}, { retryLimit: 0 }))!;
    await queue.tick();
    await queue.tick();
    expect(seen.sort()).toEqual([a, b].sort());
    expect(await queue.counts({ tenantId: a })).toEqual([
      { queue: 'clean-up', created: 0, retry: 0, active: 0, completed: 0, failed: 1, retried: 0 },
      { queue: 'deliver', created: 0, retry: 0, active: 0, completed: 0, failed: 1, retried: 0 },
    ]);
    expect((await queue.counts()).find((c) => c.queue === 'deliver')!.failed).toBe(2);
    const page = await queue.failurePage({ tenantId: a, limit: 10, offset: 0 });
    expect(page).toEqual({
      total: 1,
      items: [expect.objectContaining({ id: ofA, queue: 'deliver', tenantId: a, error: 'refused for A', attempts: 1 })],
    });
    expect(await queue.failurePage({ tenantId: a, limit: 10, offset: 5 })).toEqual({ items: [], total: 1 });
    // Another tenant's job and the system's are not found; a job that is not failed is not retried.
    expect(await queue.retry(ofB, { tenantId: a })).toEqual({ outcome: 'not-found', queue: null });
    expect(await queue.retry(system, { tenantId: a })).toEqual({ outcome: 'not-found', queue: null });
    expect(await queue.retry('not-a-uuid', { tenantId: a })).toEqual({ outcome: 'not-found', queue: null });
    expect(await queue.retry(ofA, { tenantId: a })).toEqual({ outcome: 'retried', queue: 'deliver' });
    expect(await queue.retry(ofA, { tenantId: a })).toEqual({ outcome: 'not-failed', queue: 'deliver' });
    expect(await stateOf(db, ofA)).toMatchObject({ state: 'retry', attempts: 1 });
    // One more attempt: it runs at once, and failing again it ends failed (no further retries).
    expect(await queue.tick()).toBe(1);
    expect(await stateOf(db, ofA)).toMatchObject({ state: 'failed', attempts: 2, error: 'refused for A' });
  });

  it('retry refuses a failed job while another with its singleton key waits', async () => {
    const queue = new JobQueue(db, { clock: manualClock() });
    queue.work('rescan', async () => {
      throw new Error('no rules');
    });
    const failed = (await queue.send('rescan', {}, { singletonKey: 'tenant-1', retryLimit: 0 }))!;
    await queue.tick();
    const waiting = await queue.send(
      'rescan',
      {},
      { singletonKey: 'tenant-1', runAfter: new Date('2030-01-01T00:00:00Z') },
    );
    expect(waiting).not.toBeNull();
    expect(await queue.retry(failed)).toEqual({ outcome: 'duplicate', queue: 'rescan' });
    expect((await stateOf(db, failed)).state).toBe('failed');
  });

  it('jobsByKey reads back one key of one queue, newest first, with each state, attempt and error', async () => {
    const clock = manualClock();
    const queue = new JobQueue(db, { clock });
    queue.work<{ step: string }>('gluon.rescan', async (job) => {
      if (job.data.step === 'fails') throw new PermanentJobError('No rule set is enabled.');
    });
    const ok = (await queue.send('gluon.rescan', { step: 'ok' }, { singletonKey: 'rescan:d-1' }))!;
    await queue.tick();
    clock.advance(1000);
    const failed = (await queue.send('gluon.rescan', { step: 'fails' }, { singletonKey: 'rescan:d-1' }))!;
    await queue.tick();
    clock.advance(1000);
    const waiting = (await queue.send('gluon.rescan', { step: 'waits' }, { singletonKey: 'rescan:d-1' }))!;
    // Another key, and the same key on another queue, are not read back.
    await queue.send('gluon.rescan', { step: 'other' }, { singletonKey: 'rescan:d-2' });
    await queue.send('gluon.inspect', { step: 'other queue' }, { singletonKey: 'rescan:d-1' });

    const jobs = await queue.jobsByKey<{ step: string }>('gluon.rescan', 'rescan:d-1');
    expect(jobs.map((j) => [j.id, j.state, j.data.step, j.attempts, j.error])).toEqual([
      [waiting, 'created', 'waits', 0, null],
      [failed, 'failed', 'fails', 1, 'No rule set is enabled.'],
      [ok, 'completed', 'ok', 1, null],
    ]);
    expect(jobs[0]).toMatchObject({
      queue: 'gluon.rescan',
      singletonKey: 'rescan:d-1',
      createdAt: '2026-01-05T10:00:02.000Z',
      startedAt: null,
      finishedAt: null,
    });
    expect([jobs[2]!.createdAt, jobs[2]!.startedAt, jobs[2]!.finishedAt]).toEqual([
      '2026-01-05T10:00:00.000Z',
      '2026-01-05T10:00:00.000Z',
      '2026-01-05T10:00:00.000Z',
    ]);
    // `since` keeps the jobs created at or after it; `limit` the newest ones.
    const since = await queue.jobsByKey('gluon.rescan', 'rescan:d-1', { since: new Date('2026-01-05T10:00:01Z') });
    expect(since.map((j) => j.id)).toEqual([waiting, failed]);
    expect((await queue.jobsByKey('gluon.rescan', 'rescan:d-1', { limit: 1 })).map((j) => j.id)).toEqual([waiting]);
    expect(await queue.jobsByKey('gluon.rescan', 'rescan:none')).toEqual([]);
    // In the caller's transaction, a job sent in it is already there (and gone if it rolls back).
    await expect(
      db.tx(async (q) => {
        await queue.send('gluon.rescan', { step: 'in tx' }, { singletonKey: 'rematch:t-1' }, q);
        expect((await queue.jobsByKey('gluon.rescan', 'rematch:t-1', {}, q)).map((j) => j.state)).toEqual(['created']);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await queue.jobsByKey('gluon.rescan', 'rematch:t-1')).toEqual([]);
  });

  it("holdsClaim is true for this attempt's handler only: not once another instance took the job over", async () => {
    const clock = manualClock();
    const first = new JobQueue(db, { clock, workerId: 'first' });
    const held: boolean[] = [];
    let release!: () => void;
    const hanging = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const isRunning = new Promise<void>((resolve) => (started = resolve));
    first.work('inspect', async (job) => {
      held.push(await db.tx((q) => first.holdsClaim(q, job)));
      started();
      await hanging;
      // Its results would be written here, in this transaction, only while the claim holds.
      held.push(await db.tx((q) => first.holdsClaim(q, job)));
    });
    const id = (await first.send('inspect', {}, { expireSeconds: 60, retryLimit: 1 }))!;
    const late = first.tick();
    await isRunning;
    expect(held).toEqual([true]);
    // Another attempt number, or another instance, does not hold this claim.
    expect(await first.holdsClaim(db, { id, attempts: 2 })).toBe(false);
    const second = new JobQueue(db, { clock, workerId: 'second' });
    expect(await second.holdsClaim(db, { id, attempts: 1 })).toBe(false);

    // The first worker's heartbeat went stale: the second claims the job and holds it while it runs.
    const heldBySecond: boolean[] = [];
    second.work('inspect', async (job) => void heldBySecond.push(await db.tx((q) => second.holdsClaim(q, job))));
    clock.advance(61_000);
    expect(await second.tick()).toBe(1);
    expect(heldBySecond).toEqual([true]);
    release();
    await late;
    expect(held).toEqual([true, false]);
    // A finished job is held by nobody.
    expect(await second.holdsClaim(db, { id, attempts: 2 })).toBe(false);
  });

  it('expiredError words the failure of a job whose worker kept stopping: stored, logged and given to onFailed', async () => {
    const clock = manualClock();
    const logged: unknown[] = [];
    const queue = new JobQueue(db, {
      clock,
      log: { warn: () => undefined, error: (obj) => void logged.push(obj) },
    });
    const failed: string[] = [];
    queue.work('gluon.inspect', async () => undefined, {
      expiredError: (attempts) => `The inspection stopped its worker ${attempts} times; upload the file again.`,
      onFailed: async (_job, error) => void failed.push(error),
    });
    const [row] = await db.query<{ id: string }>(
      "INSERT INTO queue_jobs (queue, state, attempts, retry_limit, heartbeat_at, claimed_by) VALUES ('gluon.inspect', 'active', 3, 2, $1, 'gone') RETURNING id",
      [clock.now()],
    );
    // Not stale yet: nothing happens.
    clock.advance(59_000);
    expect(await queue.tick()).toBe(0);
    expect(await stateOf(db, row!.id)).toMatchObject({ state: 'active', error: null });
    clock.advance(2_000);
    expect(await queue.tick()).toBe(0);
    const text = 'The inspection stopped its worker 3 times; upload the file again.';
    expect(await stateOf(db, row!.id)).toMatchObject({ state: 'failed', attempts: 3, error: text });
    expect(failed).toEqual([text]);
    expect(logged).toEqual([{ job: row!.id, queue: 'gluon.inspect', attempts: 3 }]);
    // Once failed, it is not failed again on the next pass.
    await queue.tick();
    expect(failed).toEqual([text]);
  });

  it('keepCompleted: false deletes a completed job at once, and keeps a failed one with its error', async () => {
    const clock = manualClock();
    const queue = new JobQueue(db, { clock });
    let fail = false;
    queue.work(
      'monitoring.alerts',
      async () => {
        if (fail) throw new Error('database unreachable');
      },
      { keepCompleted: false },
    );
    await queue.schedule('monitoring.alerts', { queue: 'monitoring.alerts', everyMs: 2000 });
    for (let run = 0; run < 3; run++) {
      clock.advance(2000);
      expect(await queue.tick()).toBe(1);
    }
    const left = () =>
      db.query<{ state: string; error: string | null }>(
        "SELECT state, error FROM queue_jobs WHERE queue = 'monitoring.alerts'",
      );
    expect(await left()).toEqual([]);
    fail = true;
    await queue.send('monitoring.alerts', {}, { retryLimit: 0 });
    expect(await queue.tick()).toBe(1);
    expect(await left()).toEqual([{ state: 'failed', error: 'database unreachable' }]);
  });

  it('a schedule sends its job once per interval, and stop() waits for the job in hand', async () => {
    const clock = manualClock();
    const queue = new JobQueue(db, { clock });
    let runs = 0;
    queue.work('prune', async () => void runs++);
    await queue.schedule('daily-prune', { queue: 'prune', everyMs: 86_400_000 });
    expect(await queue.tick()).toBe(0);
    clock.advance(86_400_000);
    expect(await queue.tick()).toBe(1);
    expect(await queue.tick()).toBe(0);
    clock.advance(86_400_000);
    await queue.tick();
    expect(runs).toBe(2);
    await queue.stop();
  });
});
