import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../../test/testApp';

/**
 * A tenant of 10,000 users (seeded in one SQL statement): the users table pages, sorts and
 * searches on the server, so every answer is one page whatever the tenant's size. Timings are in
 * `npm run bench`, not here.
 */
describe('users of a 10,000-user tenant', () => {
  let t: TestApp;
  let token: string;
  const N = 10_000;
  beforeAll(async () => {
    t = await createTestApp();
    const admin = await t.createUser({ email: 'aaa-admin@big.example', permissions: ['umg#usr#r'] });
    token = (await t.accessToken(admin)).token;
    await t.db.query(
      `INSERT INTO users (tenant_id, email, permissions, status, last_login_at)
       SELECT $1, 'user-' || lpad(i::text, 5, '0') || '@big.example', '{gln#rpt#r}',
              CASE WHEN i % 10 = 0 THEN 'invited' ELSE 'active' END,
              CASE WHEN i % 10 = 0 THEN NULL ELSE now() - make_interval(mins => i) END
         FROM generate_series(1, $2::int) AS i`,
      [admin.tenantId, N],
    );
  });
  afterAll(() => t?.close());

  const get = async (query: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/um/users?${query}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: { email: string; lastLoginAt: string | null; status: string }[]; total: number };
  };

  it('answers one page of the whole tenant, the last page included', async () => {
    const first = await get('size=50');
    expect(first.total).toBe(N + 1);
    expect(first.items).toHaveLength(50);
    expect(first.items[1]!.email).toBe('user-00001@big.example');
    const last = await get('size=50&page=200');
    expect(last.items.map((u) => u.email)).toEqual(['user-10000@big.example']);
  });

  it('searches and sorts on the server', async () => {
    const search = await get('search=user-0999&size=50');
    expect(search.total).toBe(10);
    expect(search.items.map((u) => u.email)).toEqual(Array.from({ length: 10 }, (_, i) => `user-0999${i}@big.example`));
    const recent = await get('sort=lastLoginAt&order=desc&size=3');
    expect(recent.items.map((u) => u.email)).toEqual([
      'user-00001@big.example',
      'user-00002@big.example',
      'user-00003@big.example',
    ]);
    const byStatus = await get('sort=status&size=200&page=4');
    // 1,000 invited users come first: pages 0-4 of 200 are all invited.
    expect(byStatus.items.every((u) => u.status === 'invited')).toBe(true);
    expect((await get('sort=status&size=200&page=5')).items.every((u) => u.status === 'active')).toBe(true);
    expect(byStatus.total).toBe(N + 1);
  });
});
