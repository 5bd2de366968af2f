import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/testApp';
import { listUploads } from '../services/uploads';

type Json = Record<string, unknown>;
type Page = { items: Json[]; total: number; totalCapped?: boolean; page: number; size: number };

/**
 * Devices and uploads page at most 10,000 rows deep and count at most 10,000 (issue 23): every row
 * once, in order, forward and back, over equal timestamps and never-inspected devices; a capped
 * count; the search on its trigram index. (EXPLAIN of the index: flatListsPlan.pg.test.ts.)
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
    const expected = await t.db.query<{ id: string }>('SELECT id FROM gluon_devices WHERE tenant_id = $1 ORDER BY last_inspection_at DESC NULLS LAST, id', [tenantId]);
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
    const expected = await t.db.query<{ id: string }>("SELECT id FROM gluon_inspections WHERE tenant_id = $1 AND origin <> 'rescan' ORDER BY created_at DESC, id", [tenantId]);
    expect(all.forward.map((u) => u.inspectionId)).toEqual(expected.map((r) => r.id));
    expect(all.back.map((u) => u.inspectionId)).toEqual(expected.map((r) => r.id));
    const own = await pages((page) => listUploads(t.db, tenantId, { page, size: 4, createdBy: userId }).then((r) => ({ ...r, size: 4 })));
    expect(own.first.total).toBe(25);
    expect(new Set(own.forward.map((u) => u.inspectionId)).size).toBe(25);
    expect(own.back).toEqual(own.forward);
  });

  it("pages a rule set's indicators over equal type and value: every indicator once (the STIX id breaks ties)", async () => {
    const [set] = await t.db.query<{ id: string }>("INSERT INTO gluon_rule_sets (tenant_id, bundle_id, name, version, digest) VALUES ($1, 'b', 'Ties', '1', 'd') RETURNING id", [
      tenantId,
    ]);
    await t.db.query(
      `INSERT INTO gluon_indicators (rule_set_id, stix_id, type, value, pattern, family_id, family_name)
       SELECT $1, 'indicator--' || md5(i::text), 'domain', 'same-' || (i % 3) || '.example', '[domain-name:value = ''x'']', 'f', 'Family' FROM generate_series(1, 30) AS i`,
      [set!.id],
    );
    const { first, forward, back } = await pages((p) => get(`/globalrulesrepository-backend/ruleSets/${set!.id}/indicators?size=4&page=${p}`));
    expect(first.total).toBe(30);
    expect(new Set(forward.map((i) => i.id)).size).toBe(30);
    expect(back).toEqual(forward);
  });

  it('counts at most 10,000 devices (totalCapped) and refuses a page past row 10,000 with a 400', async () => {
    const big = await t.createUser({ tenantId: await t.createTenant('Big') });
    const bigToken = (await t.accessToken(big)).token;
    await t.db.query(
      `INSERT INTO gluon_devices (tenant_id, name, last_inspection_at) SELECT $1, 'big-' || i, now() - make_interval(secs => i) FROM generate_series(1, 10001) AS i`,
      [big.tenantId],
    );
    const call = (query: string) => t.app.inject({ method: 'GET', url: `/gluon-backend/devices?${query}`, headers: { authorization: `Bearer ${bigToken}` } });
    expect((await call('size=20')).json()).toMatchObject({ total: 10_000, totalCapped: true });
    const last = (await call('size=20&page=499')).json() as Page;
    expect(last.items.map((d) => d.name)).toEqual(Array.from({ length: 20 }, (_, i) => `big-${9981 + i}`));
    const deep = await call('size=20&page=500');
    expect(deep.statusCode).toBe(400);
    expect(deep.json().message).toMatch(/Pages end at row 10,000: narrow the search/);
    expect((await call('size=20&search=big-1000')).json()).toMatchObject({ total: 3, totalCapped: false });
  });
});
