import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../../test/testApp';
import { walkCursors } from '../../test/walkCursors';
import { listAuditEvents } from './auditLog';

type Page = {
  items: Array<{ id: string; actorEmail: string | null; action: string }>;
  total: number;
  totalCapped?: boolean;
  size: number;
  nextCursor?: string | null;
  prevCursor?: string | null;
};

/**
 * The audit log pages at most 10,000 events deep and counts at most 10,000; the actor
 * filter is resolved to user ids before any event is read. Every event once, forward and back,
 * over equal times and deleted actors.
 */
describe('audit log paging', () => {
  let t: TestApp;
  let token: string;
  let tenantId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const admin = await t.createUser({ email: 'admin@audit.example' });
    tenantId = admin.tenantId;
    token = (await t.accessToken(admin)).token;
    const alice = await t.createUser({ tenantId, email: 'alice@audit.example' });
    const alicia = await t.createUser({ tenantId, email: 'alicia@audit.example' });
    // 60 events in 12 equal times: alice 30, alicia 10, a deleted actor (NULL) 20.
    await t.db.query(
      `INSERT INTO audit_events (tenant_id, actor_id, action, target, created_at)
       SELECT $1, CASE WHEN i <= 30 THEN $2::uuid WHEN i <= 40 THEN $3::uuid END, CASE WHEN i % 2 = 0 THEN 'test.even' ELSE 'test.odd' END, 't' || i,
              timestamptz '2026-03-01' + make_interval(mins => i % 12)
         FROM generate_series(1, 60) AS i`,
      [tenantId, alice.id, alicia.id],
    );
  });
  afterAll(() => t?.close());

  const call = (query: string, bearer = token) =>
    t.app.inject({ method: 'GET', url: `/um/auditEvents?${query}`, headers: { authorization: `Bearer ${bearer}` } });
  const get = async (query: string, bearer = token) => {
    const res = await call(query, bearer);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Page;
  };

  async function walk(filter: string) {
    const first = await get(`${filter}&size=7`);
    const count = Math.ceil(first.total / 7);
    const forward = [first.items];
    for (let p = 1; p < count; p++) forward.push((await get(`${filter}&size=7&page=${p}`)).items);
    const back = [];
    for (let p = count - 1; p >= 0; p--) back.unshift((await get(`${filter}&size=7&page=${p}`)).items);
    return { first, forward: forward.flat(), back: back.flat() };
  }

  it('pages forward and back over equal times: every event once, newest first, id breaking ties', async () => {
    const { first, forward, back } = await walk('action=test.');
    expect(first).toMatchObject({ total: 60, totalCapped: false });
    const expected = await t.db.query<{ id: string }>(
      "SELECT id FROM audit_events WHERE tenant_id = $1 AND action LIKE 'test.%' ORDER BY created_at DESC, id",
      [tenantId],
    );
    expect(forward.map((e) => e.id)).toEqual(expected.map((r) => r.id));
    expect(back.map((e) => e.id)).toEqual(expected.map((r) => r.id));
    expect(forward.filter((e) => e.actorEmail === null)).toHaveLength(20);
  });

  it('filters by part of the actor’s e-mail: one user, several users, nobody', async () => {
    const alice = await walk('actor=ALICE@');
    expect(alice.first.total).toBe(30);
    expect(new Set(alice.forward.map((e) => e.id)).size).toBe(30);
    expect(alice.forward.every((e) => e.actorEmail === 'alice@audit.example')).toBe(true);
    expect(alice.back).toEqual(alice.forward);
    const both = await walk('actor=alic&action=test.even');
    expect(both.first.total).toBe(20);
    expect(new Set(both.forward.map((e) => e.actorEmail))).toEqual(
      new Set(['alice@audit.example', 'alicia@audit.example']),
    );
    expect(both.back).toEqual(both.forward);
    expect(await get('actor=nobody')).toMatchObject({ items: [], total: 0, totalCapped: false });
    expect((await get('actor=%25')).total).toBe(0);
  });

  it('counts at most 10,000 events (totalCapped), refuses a page past row 10,000, and an actor part matching over 200 users', async () => {
    const other = await t.createUser({ tenantId: await t.createTenant('Busy') });
    const bearer = (await t.accessToken(other)).token;
    await t.db.query(
      `INSERT INTO audit_events (tenant_id, actor_id, action, created_at) SELECT $1, $2, 'test.bulk', now() - make_interval(secs => i) FROM generate_series(1, 10001) AS i`,
      [other.tenantId, other.id],
    );
    expect(await get('size=50', bearer)).toMatchObject({ total: 10_000, totalCapped: true });
    expect((await get('size=50&page=199', bearer)).items).toHaveLength(50);
    const deep = await call('size=50&page=200', bearer);
    expect(deep.statusCode).toBe(400);
    expect(deep.json().message).toMatch(/Numbered pages end at row 10,000: go on with the previous page's nextCursor/);
    // Past the numbered pages, the cursor goes on.
    const last = await get('size=50&page=199', bearer);
    expect(last.nextCursor).toEqual(expect.any(String));
    expect((await get(`size=50&after=${last.nextCursor}`, bearer)).items).toHaveLength(1);
    await t.db.query(
      `INSERT INTO users (tenant_id, email, permissions) SELECT $1, 'many-' || i || '@busy.example', '{}' FROM generate_series(1, 201) AS i`,
      [other.tenantId],
    );
    const tooMany = await call('actor=many-', bearer);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('More than 200 users match "many-": type more of the actor\'s e-mail.');
    expect((await get('actor=many-1@', bearer)).total).toBe(0);
  });

  it('walks every event by cursor forward and back past the numbered pages (depth 10 here), over equal times, with the filters', async () => {
    const order = (where: string, params: unknown[]) =>
      t.db
        .query<{ id: string }>(`SELECT id FROM audit_events WHERE ${where} ORDER BY created_at DESC, id`, params)
        .then((r) => r.map((e) => e.id));
    const all = await order("tenant_id = $1 AND action LIKE 'test.%'", [tenantId]);
    for (const size of [1, 7, 60]) {
      const walk = await walkCursors((c) =>
        listAuditEvents(t.db, tenantId, { page: 0, size, depth: 10, action: 'test.', ...c }),
      );
      expect(walk.forward.map((e) => e.id)).toEqual(all);
      expect(walk.back.map((e) => e.id)).toEqual(all);
    }
    expect(await listAuditEvents(t.db, tenantId, { page: 0, size: 7, depth: 10, action: 'test.' })).toMatchObject({
      total: 10,
      totalCapped: true,
    });
    await expect(
      listAuditEvents(t.db, tenantId, { page: 2, size: 7, depth: 10, action: 'test.' }),
    ).rejects.toMatchObject({ statusCode: 400 });
    // One actor, several actors (with an action), a date range: over HTTP.
    const [alice] = await t.db.query<{ id: string }>("SELECT id FROM users WHERE email = 'alice@audit.example'");
    const cursor = (c: { after?: string; before?: string }) =>
      c.after ? `&after=${c.after}` : c.before ? `&before=${c.before}` : '';
    const one = await walkCursors((c) => get(`actor=alice@&size=4${cursor(c)}`));
    expect(one.forward.map((e) => e.id)).toEqual(
      await order('tenant_id = $1 AND actor_id = $2', [tenantId, alice!.id]),
    );
    expect(one.back).toEqual(one.forward);
    const both = await walkCursors((c) => get(`actor=alic&action=test.even&size=3${cursor(c)}`));
    expect(both.forward).toHaveLength(20);
    expect(both.back).toEqual(both.forward);
    const range = await walkCursors((c) => get(`from=2026-03-01T00:03:00Z&to=2026-03-01T00:07:00Z&size=6${cursor(c)}`));
    expect(range.forward.map((e) => e.id)).toEqual(
      await order("tenant_id = $1 AND created_at >= '2026-03-01T00:03:00Z' AND created_at < '2026-03-01T00:07:00Z'", [
        tenantId,
      ]),
    );
    expect(range.back).toEqual(range.forward);
  });

  it('walks events a microsecond apart and before 1970 by cursor: the cursor keeps the microseconds', async () => {
    await t.db.query(
      `INSERT INTO audit_events (tenant_id, action, created_at)
       SELECT $1, 'micro.' || i, CASE WHEN i <= 9 THEN timestamptz '2026-03-02 00:00:00.999998+00' + make_interval(secs => (i % 3) * 0.000001)
                                      ELSE timestamptz '1969-12-31 23:59:59.999999+00' - make_interval(secs => (i % 2) * 0.000001) END
         FROM generate_series(1, 13) AS i`,
      [tenantId],
    );
    const expected = (
      await t.db.query<{ id: string }>(
        "SELECT id FROM audit_events WHERE tenant_id = $1 AND action LIKE 'micro.%' ORDER BY created_at DESC, id",
        [tenantId],
      )
    ).map((r) => r.id);
    const walk = await walkCursors((c) =>
      listAuditEvents(t.db, tenantId, { page: 0, size: 2, action: 'micro.', ...c }),
    );
    expect(walk.forward.map((e) => e.id)).toEqual(expected);
    expect(walk.back.map((e) => e.id)).toEqual(expected);
  });

  it('refuses a malformed or a device’s (NULL key) cursor with a 400', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const value of [
      'abc',
      Buffer.from('[').toString('base64url'),
      Buffer.from(JSON.stringify([null, id])).toString('base64url'),
      Buffer.from(JSON.stringify(['1.5', id])).toString('base64url'),
    ]) {
      // Refused even when the filter matches nobody (the cursor is read before the filter).
      const res = await call(`before=${value}${value === 'abc' ? '&actor=nobody' : ''}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('The page cursor is not valid; load the list again.');
    }
  });
});
