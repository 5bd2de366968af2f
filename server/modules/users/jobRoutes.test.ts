import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp, type TestUser } from '../../test/testApp';

/** The Administration jobs page's calls over the app's own job queue (ticked by the test). */
describe('GET /um/jobs, POST /um/jobs/{id}/retry', () => {
  let t: TestApp;
  let tenantId: string;
  let admin: TestUser;
  let reader: TestUser;
  let outsider: TestUser;
  let healthy = false;

  beforeAll(async () => {
    t = await createTestApp();
    tenantId = await t.createTenant('Jobs');
    admin = await t.createUser({ tenantId, email: 'admin@jobs.example', permissions: ['umg#usr#rw'] });
    reader = await t.createUser({ tenantId, email: 'reader@jobs.example', permissions: ['umg#usr#r'] });
    outsider = await t.createUser({ tenantId, email: 'analyst@jobs.example', permissions: ['gln#rpt#r'] });
    t.app.queue.work('test.deliver', async () => {
      if (!healthy) throw new Error('SMTP refused: 554 relay denied');
    });
    // One queue named in words (as a module's declaration does), one not.
    t.app.queue.nameQueue('test.deliver', 'Test deliveries');
    t.app.queue.work('test.system', async () => {
      throw new Error('disk full on /var/lib/other-tenant-data');
    });
  });
  afterAll(() => t?.close());

  const call = async (user: TestUser, method: 'GET' | 'POST', url: string) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${(await t.accessToken(user)).token}` } });

  it('refuses callers without user-management access, and readers the retry', async () => {
    expect((await call(outsider, 'GET', '/um/jobs')).statusCode).toBe(403);
    const id = (await t.app.queue.send('test.deliver', {}, { tenantId, retryLimit: 0 }))!;
    await t.app.queue.tick();
    const refused = await call(reader, 'POST', `/um/jobs/${id}/retry`);
    expect(refused.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/um/jobs' })).statusCode).toBe(401);
    await t.db.query('DELETE FROM queue_jobs');
  });

  it("counts a failing job and lists it with its error; another tenant's and the system's errors stay hidden", async () => {
    const other = await t.createTenant('Other');
    const ours = (await t.app.queue.send('test.deliver', {}, { tenantId, retryLimit: 1, retryDelayMs: 0 }))!;
    await t.app.queue.send('test.deliver', {}, { tenantId: other, retryLimit: 0 });
    await t.app.queue.send('test.system', {}, { retryLimit: 0 });
    await t.app.queue.send('test.deliver', {}, { tenantId, runAfter: new Date(Date.now() + 3600_000) });
    // One job per queue a pass (concurrency 1): until nothing due is left.
    while ((await t.app.queue.tick()) > 0);
    const answer = await call(reader, 'GET', '/um/jobs?page=0&size=10');
    expect(answer.statusCode).toBe(200);
    const body = answer.json<{ queues: { queue: string }[]; failed: unknown }>();
    expect(body.queues).toEqual([
      {
        queue: 'test.deliver',
        label: 'Test deliveries',
        created: 1,
        active: 0,
        retry: 0,
        failed: 1,
        completed: 0,
        retried: 1,
      },
      { queue: 'test.system', label: null, created: 0, active: 0, retry: 0, failed: 1, completed: 0, retried: 0 },
    ]);
    expect(body.failed).toEqual({
      items: [
        {
          id: ours,
          queue: 'test.deliver',
          queueLabel: 'Test deliveries',
          error: 'SMTP refused: 554 relay denied',
          attempts: 2,
          createdAt: expect.any(String),
          finishedAt: expect.any(String),
        },
      ],
      total: 1,
      page: 0,
      size: 10,
    });
    expect(answer.body).not.toContain('disk full');
    expect((await call(reader, 'GET', '/um/jobs?size=500')).statusCode).toBe(400);
  });

  it('retries a failed job once more, audited; it then runs and completes', async () => {
    const [{ id }] = (await t.db.query<{ id: string }>(
      "SELECT id FROM queue_jobs WHERE queue = 'test.deliver' AND state = 'failed' AND tenant_id = $1",
      [tenantId],
    )) as [{ id: string }];
    const [{ id: theirs }] = (await t.db.query<{ id: string }>(
      "SELECT id FROM queue_jobs WHERE state = 'failed' AND tenant_id <> $1",
      [tenantId],
    )) as [{ id: string }];
    expect((await call(admin, 'POST', `/um/jobs/${theirs}/retry`)).statusCode).toBe(404);
    expect((await call(admin, 'POST', '/um/jobs/not-a-job/retry')).statusCode).toBe(400);
    const retried = await call(admin, 'POST', `/um/jobs/${id}/retry`);
    expect(retried.statusCode).toBe(204);
    const again = await call(admin, 'POST', `/um/jobs/${id}/retry`);
    expect([again.statusCode, again.json<{ message: string }>().message]).toEqual([
      409,
      'The job has not failed: it is waiting, running or done.',
    ]);
    const [event] = await t.db.query<{ action: string; target: string; details: unknown; actor_id: string }>(
      "SELECT action, target, details, actor_id FROM audit_events WHERE action = 'job.retry'",
    );
    expect(event).toEqual({ action: 'job.retry', target: 'test.deliver', details: { jobId: id }, actor_id: admin.id });
    const waiting = (await call(reader, 'GET', '/um/jobs')).json<{ queues: { queue: string; retry: number }[] }>();
    expect(waiting.queues.find((q) => q.queue === 'test.deliver')).toMatchObject({ retry: 1, failed: 0 });
    healthy = true;
    await t.app.queue.tick();
    const [row] = await t.db.query<{ state: string; attempts: number }>(
      'SELECT state, attempts FROM queue_jobs WHERE id = $1',
      [id],
    );
    expect(row).toEqual({ state: 'completed', attempts: 3 });
  });
});
