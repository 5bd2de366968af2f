import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { Database } from '../contracts';
import { openPostgres } from '../db/postgres';
import { createTestPostgresUrl } from '../test/testApp';
import { JobQueue, type QueueClock } from './jobQueue';

/** Two API instances on one PostgreSQL database (PostgreSQL only: a PGlite folder has one process). */
describe('job queue: two instances (PostgreSQL)', () => {
  let a: Database;
  let b: Database;
  beforeEach(async () => {
    const url = await createTestPostgresUrl('queue');
    a = await openPostgres(url, { max: 4 });
    b = await openPostgres(url, { max: 4 });
  });
  afterEach(async () => {
    await a.close();
    await b.close();
  });

  it('each job is claimed by one instance, claiming side by side', async () => {
    const ran = new Map<string, string[]>();
    const make = (db: Database, name: string) => {
      const queue = new JobQueue(db, { workerId: name });
      queue.work('deliveries', async (job) => void ran.set(job.id, [...(ran.get(job.id) ?? []), name]), {
        concurrency: 3,
      });
      return queue;
    };
    const qa = make(a, 'a');
    const qb = make(b, 'b');
    for (let i = 0; i < 40; i++) await qa.send('deliveries', { i });
    // Both claim together until the queue is empty.
    for (;;) {
      const [x, y] = await Promise.all([qa.tick(), qb.tick()]);
      if (x + y === 0) break;
    }
    expect(ran.size).toBe(40);
    expect([...ran.values()].every((names) => names.length === 1)).toBe(true);
    const [{ n }] = (await a.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM queue_jobs WHERE state = 'completed'",
    )) as [{ n: number }];
    expect(n).toBe(40);
  });

  it('a schedule fires once across two instances', async () => {
    let t = new Date('2026-01-05T10:00:00Z').getTime();
    const clock: QueueClock = { now: () => new Date(t) };
    let runs = 0;
    const make = (db: Database) => {
      const queue = new JobQueue(db, { clock });
      queue.work('prune', async () => void runs++);
      return queue;
    };
    const qa = make(a);
    const qb = make(b);
    await qa.schedule('prune', { queue: 'prune', everyMs: 60_000 });
    await qb.schedule('prune', { queue: 'prune', everyMs: 60_000 });
    t += 60_000;
    await Promise.all([qa.tick(), qb.tick()]);
    await Promise.all([qa.tick(), qb.tick()]);
    expect(runs).toBe(1);
    const [{ n }] = (await a.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM queue_jobs WHERE queue = 'prune'",
    )) as [{ n: number }];
    expect(n).toBe(1);
  });

  it('holdsClaim locks the job while its handler writes: a stale claim is not taken over mid-write', async () => {
    let t = new Date('2026-01-05T10:00:00Z').getTime();
    const clock: QueueClock = { now: () => new Date(t) };
    const qa = new JobQueue(a, { clock, workerId: 'a' });
    const qb = new JobQueue(b, { clock, workerId: 'b' });
    let inWrite!: () => void;
    const writing = new Promise<void>((resolve) => (inWrite = resolve));
    let finishWrite!: () => void;
    const written = new Promise<void>((resolve) => (finishWrite = resolve));
    const held: boolean[] = [];
    qa.work('inspect', async (job) => {
      await a.tx(async (q) => {
        held.push(await qa.holdsClaim(q, job));
        inWrite();
        await written;
      });
    });
    let ranOnB = 0;
    qb.work('inspect', async () => void ranOnB++);
    const id = (await qa.send('inspect', {}, { expireSeconds: 60 }))!;
    const running = qa.tick();
    await writing;
    // a's heartbeat is stale by now, but its row is locked: b's claim skips it rather than wait or take it.
    t += 61_000;
    expect(await qb.tick()).toBe(0);
    finishWrite();
    await running;
    expect(await qb.tick()).toBe(0);
    expect([held, ranOnB]).toEqual([[true], 0]);
    const [row] = await a.query<{ state: string; claimed_by: string; attempts: number }>(
      'SELECT state, claimed_by, attempts FROM queue_jobs WHERE id = $1',
      [id],
    );
    expect(row).toEqual({ state: 'completed', claimed_by: 'a', attempts: 1 });
  });
});
