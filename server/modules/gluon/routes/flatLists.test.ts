import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../../../test/testApp';
import { walkCursors } from '../../../test/walkCursors';
import { listDevices } from '../services/devices';
import { listUploads } from '../services/uploads';

type Json = Record<string, unknown>;
type Page = { items: Json[]; total: number; totalCapped?: boolean; page: number; size: number };

/**
 * Devices and uploads page by number at most 10,000 rows deep and count at most 10,000,
 * and by cursor through every row: every row once, in order, forward and back, over equal
 * timestamps and never-inspected devices, past the numbered pages (a small depth here); the
 * search on its trigram index. (EXPLAIN of the index: flatListsPlan.pg.test.ts.)
 */
describe('flat lists: devices and uploads', () => {
  let t: TestApp;
  let token: string;
  let tenantId: string;
  let userId: string;
  // 45 devices: 15 never inspected (NULL), 30 in groups of 5 sharing one timestamp.
  const N = 45;

  beforeAll(async () => {
    t = await createTestApp();
    const user = await t.createUser();
    ({ tenantId, id: userId } = user);
    token = (await t.accessToken(user)).token;
    await t.db.query(
      `INSERT INTO gluon_devices (tenant_id, name, model_code, os_version, last_inspection_at)
       SELECT $1, 'dev-' || lpad(i::text, 2, '0'), CASE WHEN i % 3 = 0 THEN 'iPhone14,2' ELSE 'iPad7,1' END, '17.' || (i % 4),
              CASE WHEN i <= 15 THEN NULL ELSE timestamptz '2026-01-01' + make_interval(hours => (i - 16) / 5) END
         FROM generate_series(1, $2::int) AS i`,
      [tenantId, N],
    );
    // Uploads: 25 by the user in 5 equal timestamps, 5 by nobody, 5 rescans (never listed).
    await t.db.query(
      `INSERT INTO gluon_inspections (tenant_id, file_name, origin, created_by, created_at)
       SELECT $1, 'file-' || i, CASE WHEN i > 30 THEN 'rescan' ELSE 'upload' END, CASE WHEN i <= 25 THEN $2::uuid END,
              timestamptz '2026-02-01' + make_interval(mins => i / 5)
         FROM generate_series(1, 35) AS i`,
      [tenantId, userId],
    );
  });
  afterAll(() => t?.close());

  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Page;
  };

  async function pages<T>(fetch: (page: number) => Promise<{ items: T[]; total: number; size: number }>) {
    const first = await fetch(0);
    const count = Math.ceil(first.total / first.size);
    const forward = [first.items];
    for (let p = 1; p < count; p++) forward.push((await fetch(p)).items);
    const back: T[][] = [];
    for (let p = count - 1; p >= 0; p--) back.unshift((await fetch(p)).items);
    return { first, forward: forward.flat(), back: back.flat() };
  }

  it('pages devices forward and back over ties and NULLs: every device once, newest first, never inspected last', async () => {
    const { first, forward, back } = await pages((p) => get(`/gluon-backend/devices?size=7&page=${p}`));
    expect(first).toMatchObject({ total: N, totalCapped: false });
    const expected = await t.db.query<{ id: string }>(
      'SELECT id FROM gluon_devices WHERE tenant_id = $1 ORDER BY last_inspection_at DESC NULLS LAST, id',
      [tenantId],
    );
    expect(forward.map((d) => d.id)).toEqual(expected.map((r) => r.id));
    expect(back.map((d) => d.id)).toEqual(expected.map((r) => r.id));
    expect(new Set(forward.map((d) => d.id)).size).toBe(N);
    expect(forward.slice(-15).every((d) => d.lastInspectionAt === null)).toBe(true);
    expect(forward[0]).toMatchObject({ inspections: 0, openIncidents: 0, severity: 'none' });
  });

  it('searches name, model and OS version as substrings, case-insensitively, pattern characters literally', async () => {
    const model = await get('/gluon-backend/devices?size=200&search=PHONE14');
    expect(model.total).toBe(15);
    expect(model.items.every((d) => d.modelCode === 'iPhone14,2')).toBe(true);
    const name = await get('/gluon-backend/devices?size=200&search=dev-4');
    expect(name.items.map((d) => d.name).sort()).toEqual(['dev-40', 'dev-41', 'dev-42', 'dev-43', 'dev-44', 'dev-45']);
    expect((await get('/gluon-backend/devices?size=200&search=17.3')).total).toBe(11);
    expect((await get('/gluon-backend/devices?size=200&search=dev_')).total).toBe(0);
    expect((await get('/gluon-backend/devices?size=200&search=%25')).total).toBe(0);
  });

  it('pages uploads forward and back over equal times without rescans, for the tenant and for one uploader', async () => {
    const all = await pages((page) => listUploads(t.db, tenantId, { page, size: 4 }).then((r) => ({ ...r, size: 4 })));
    expect(all.first).toMatchObject({ total: 30, totalCapped: false });
    const expected = await t.db.query<{ id: string }>(
      "SELECT id FROM gluon_inspections WHERE tenant_id = $1 AND origin NOT IN ('rescan', 'rematch') ORDER BY created_at DESC, id",
      [tenantId],
    );
    expect(all.forward.map((u) => u.inspectionId)).toEqual(expected.map((r) => r.id));
    expect(all.back.map((u) => u.inspectionId)).toEqual(expected.map((r) => r.id));
    const own = await pages((page) =>
      listUploads(t.db, tenantId, { page, size: 4, createdBy: userId }).then((r) => ({ ...r, size: 4 })),
    );
    expect(own.first.total).toBe(25);
    expect(new Set(own.forward.map((u) => u.inspectionId)).size).toBe(25);
    expect(own.back).toEqual(own.forward);
  });

  it("pages a rule set's indicators over equal type and value: every indicator once (the STIX id breaks ties)", async () => {
    const [set] = await t.db.query<{ id: string }>(
      "INSERT INTO gluon_rule_sets (tenant_id, bundle_id, name, version, digest) VALUES ($1, 'b', 'Ties', '1', 'd') RETURNING id",
      [tenantId],
    );
    await t.db.query(
      `INSERT INTO gluon_indicators (rule_set_id, stix_id, type, value, pattern, family_id, family_name)
       SELECT $1, 'indicator--' || md5(i::text), 'domain', 'same-' || (i % 3) || '.example', '[domain-name:value = ''x'']', 'f', 'Family' FROM generate_series(1, 30) AS i`,
      [set!.id],
    );
    const { first, forward, back } = await pages((p) =>
      get(`/globalrulesrepository-backend/ruleSets/${set!.id}/indicators?size=4&page=${p}`),
    );
    expect(first.total).toBe(30);
    expect(new Set(forward.map((i) => i.id)).size).toBe(30);
    expect(back).toEqual(forward);
  });

  it('walks every device by cursor forward and back past the numbered pages (depth 10 here), over ties, NULLs and a search', async () => {
    const expected = (
      await t.db.query<{ id: string }>(
        'SELECT id FROM gluon_devices WHERE tenant_id = $1 ORDER BY last_inspection_at DESC NULLS LAST, id',
        [tenantId],
      )
    ).map((r) => r.id);
    for (const size of [1, 4, 7, 15, 45, 50]) {
      const walk = await walkCursors((c) => listDevices(t.db, tenantId, { page: 0, size, depth: 10, ...c }));
      expect(walk.forward.map((d) => d.id)).toEqual(expected);
      expect(walk.back.map((d) => d.id)).toEqual(expected);
      expect(walk.pages.slice(0, -1).every((n) => n === size)).toBe(true);
    }
    // Numbered pages end at the depth and the count is capped there; cursors go on from any numbered page.
    expect(await listDevices(t.db, tenantId, { page: 0, size: 4, depth: 10 })).toMatchObject({
      total: 10,
      totalCapped: true,
      prevCursor: null,
    });
    await expect(listDevices(t.db, tenantId, { page: 3, size: 4, depth: 10 })).rejects.toMatchObject({
      statusCode: 400,
    });
    const second = await listDevices(t.db, tenantId, { page: 2, size: 4, depth: 10 });
    expect(second.items.map((d) => d.id)).toEqual(expected.slice(8, 12));
    const third = await listDevices(t.db, tenantId, { page: 0, size: 4, depth: 10, after: second.nextCursor! });
    expect(third.items.map((d) => d.id)).toEqual(expected.slice(12, 16));
    expect(
      (await listDevices(t.db, tenantId, { page: 0, size: 4, before: second.prevCursor! })).items.map((d) => d.id),
    ).toEqual(expected.slice(4, 8));
    // After the very last device (never inspected, the greatest id): an empty page that leads back.
    const end = Buffer.from(JSON.stringify([null, expected.at(-1)])).toString('base64url');
    expect(await listDevices(t.db, tenantId, { page: 0, size: 4, after: end })).toMatchObject({
      items: [],
      nextCursor: null,
      prevCursor: end,
    });
    expect((await listDevices(t.db, tenantId, { page: 0, size: 4, before: end })).items.map((d) => d.id)).toEqual(
      expected.slice(-5, -1),
    );
    // Over HTTP, with a search that matches across the NULL boundary.
    const matching = (
      await t.db.query<{ id: string }>(
        "SELECT id FROM gluon_devices WHERE tenant_id = $1 AND model_code = 'iPhone14,2' ORDER BY last_inspection_at DESC NULLS LAST, id",
        [tenantId],
      )
    ).map((r) => r.id);
    const search = await walkCursors((c) =>
      get(
        `/gluon-backend/devices?size=4&search=phone14${c.after ? `&after=${c.after}` : ''}${c.before ? `&before=${c.before}` : ''}`,
      ),
    );
    expect(search.forward.map((d) => d.id)).toEqual(matching);
    expect(search.back.map((d) => d.id)).toEqual(matching);
  });

  it('walks every upload by cursor forward and back past the numbered pages, for the tenant and for one uploader', async () => {
    const expected = (
      await t.db.query<{ id: string }>(
        "SELECT id FROM gluon_inspections WHERE tenant_id = $1 AND origin NOT IN ('rescan', 'rematch') ORDER BY created_at DESC, id",
        [tenantId],
      )
    ).map((r) => r.id);
    const all = await walkCursors((c) => listUploads(t.db, tenantId, { page: 0, size: 4, depth: 8, ...c }));
    expect(all.forward.map((u) => u.inspectionId)).toEqual(expected);
    expect(all.back.map((u) => u.inspectionId)).toEqual(expected);
    const own = await walkCursors((c) =>
      get(`/gluon-backend/uploads?size=6${c.after ? `&after=${c.after}` : ''}${c.before ? `&before=${c.before}` : ''}`),
    );
    expect(own.forward).toHaveLength(30);
    expect(own.back).toEqual(own.forward);
    const mine = await walkCursors((c) =>
      listUploads(t.db, tenantId, { page: 0, size: 7, depth: 7, createdBy: userId, ...c }),
    );
    expect(new Set(mine.forward.map((u) => u.inspectionId)).size).toBe(25);
    expect(mine.back).toEqual(mine.forward);
  });

  it('refuses a malformed cursor, two cursors, or a page number with a cursor with a 400, and numbered pages past row 10,000', async () => {
    const call = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const id = '00000000-0000-4000-8000-000000000000';
    const bad = [
      '%25%25',
      'bm90IGpzb24',
      cursor(['x', id]),
      cursor(['1', 'not-a-uuid']),
      cursor([1, id]),
      cursor(['1', id, 3]),
      cursor({ key: '1', id }),
      cursor(['99999999999999999', id]),
    ];
    for (const after of bad) {
      for (const list of ['devices', 'uploads']) {
        const res = await call(`/gluon-backend/${list}?after=${after}`);
        expect(res.statusCode, `${list} ${after}`).toBe(400);
        expect(res.json().message).toMatch(/page cursor is not valid|bad percent-encoding/);
      }
    }
    // A NULL key is a device's (never inspected), never an upload's.
    expect((await call(`/gluon-backend/devices?before=${cursor([null, id])}`)).statusCode).toBe(200);
    expect((await call(`/gluon-backend/uploads?before=${cursor([null, id])}`)).statusCode).toBe(400);
    const good = cursor(['1', id]);
    expect((await call(`/gluon-backend/devices?after=${good}&before=${good}`)).json().message).toBe(
      'Pass one page cursor, after or before, not both.',
    );
    expect((await call(`/gluon-backend/devices?after=${good}&page=2`)).json().message).toBe(
      'Pass a page number or a page cursor, not both.',
    );
    const deep = await call('/gluon-backend/devices?size=20&page=500');
    expect(deep.statusCode).toBe(400);
    expect(deep.json().message).toMatch(/Numbered pages end at row 10,000: go on with the previous page's nextCursor/);
  });
});
