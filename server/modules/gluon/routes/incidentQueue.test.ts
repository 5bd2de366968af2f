import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../../../test/testApp';

/** The landing's queue and overview on PGlite or PostgreSQL per TEST_DB. */
describe('GET /gluon-backend/incidents and /overview', () => {
  let t: TestApp;
  let headers: { authorization: string };
  let tenantId: string;
  const ids = new Map<string, string>();

  const device = async (tenant: string, name: string, model: string | null = null) =>
    (
      await t.db.query<{ id: string }>(
        'INSERT INTO gluon_devices (tenant_id, name, model_code) VALUES ($1, $2, $3) RETURNING id',
        [tenant, name, model],
      )
    )[0]!.id;
  const incident = async (tenant: string, deviceId: string, family: string, state: string, updatedAt: string) => {
    const [row] = await t.db.query<{ id: string }>(
      'INSERT INTO gluon_incidents (tenant_id, device_id, family_id, family_name, state, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING id',
      [tenant, deviceId, `malware--${family.toLowerCase()}`, family, state, updatedAt],
    );
    ids.set(`${family}@${deviceId}`, row!.id);
    return row!.id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const user = await t.createUser();
    tenantId = user.tenantId;
    headers = { authorization: `Bearer ${(await t.accessToken(user)).token}` };
    const alpha = await device(tenantId, 'Alpha phone', 'iPhone14,2');
    const bravo = await device(tenantId, 'bravo phone');
    const charlie = await device(tenantId, 'Charlie', 'SM-S911B');
    // Three incidents share one instant (ties are broken by id), one differs by a microsecond.
    await incident(tenantId, alpha, 'Pegasus', 'open', '2026-01-01T10:00:00.000001Z');
    await incident(tenantId, alpha, 'Predator', 'confirmed', '2026-01-01T10:00:00.000002Z');
    await incident(tenantId, bravo, 'Pegasus', 'open', '2026-01-01T10:00:00.000002Z');
    await incident(tenantId, bravo, 'KingSpawn', 'open', '2026-01-01T10:00:00.000002Z');
    await incident(tenantId, charlie, 'Hermit', 'benign', '2026-01-02T00:00:00Z');
    await incident(tenantId, charlie, 'Triangulation', 'open', '2026-01-03T00:00:00Z');
    const other = await t.createTenant('Other');
    await incident(other, await device(other, 'Not yours'), 'Pegasus', 'open', '2026-01-04T00:00:00Z');
    const [inspection] = await t.db.query<{ id: string }>(
      "INSERT INTO gluon_inspections (tenant_id, device_id, origin, file_name, status, finding_count, new_finding_count) VALUES ($1, $2, 'upload', 'sysdiagnose.tar.gz', 'done', 3, 2) RETURNING id",
      [tenantId, alpha],
    );
    ids.set('inspection', inspection!.id);
    await t.db.query(
      "INSERT INTO gluon_inspections (tenant_id, device_id, origin, status) VALUES ($1, $2, 'rescan', 'done')",
      [tenantId, alpha],
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async (query: Record<string, string | number>) => {
    const url = `/gluon-backend/incidents?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}`;
    const res = await t.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      items: Array<{ id: string; familyName: string; deviceName: string; state: string; updatedAt: string }>;
      total: number;
      next: string | null;
    };
  };

  /** Every page of a sort, two rows at a time, following `next`. */
  const walk = async (query: Record<string, string | number>) => {
    const rows: Array<{ id: string; familyName: string; deviceName: string; state: string; updatedAt: string }> = [];
    let after: string | null = null;
    for (let i = 0; i < 10; i++) {
      const page = await get({ ...query, size: 2, ...(after ? { after } : {}) });
      rows.push(...page.items);
      after = page.next;
      if (!after) return { rows, total: page.total };
    }
    throw new Error('the cursor never ended');
  };

  it('answers open and confirmed incidents of the tenant only, newest change first, with a total', async () => {
    const page = await get({});
    expect(page.total).toBe(5);
    expect(page.next).toBeNull();
    expect(page.items[0]!.familyName).toBe('Triangulation');
    expect(page.items.map((i) => i.state)).not.toContain('benign');
    expect(page.items.map((i) => i.deviceName)).not.toContain('Not yours');
  });

  it('walks every sort both ways in pages of two: each incident once, in order (ties by id, microseconds kept)', async () => {
    for (const sort of ['updated', 'created', 'severity', 'family', 'device', 'state']) {
      for (const order of ['asc', 'desc']) {
        const { rows, total } = await walk({ sort, order });
        expect(total).toBe(5);
        expect(new Set(rows.map((r) => r.id)).size, `${sort} ${order}`).toBe(5);
        if (sort === 'family') {
          const names = rows.map((r) => r.familyName.toLowerCase());
          expect(names).toEqual([...names].sort((a, b) => (order === 'asc' ? a.localeCompare(b) : b.localeCompare(a))));
        }
      }
    }
    const { rows } = await walk({ sort: 'updated', order: 'asc' });
    expect(rows[0]!.familyName).toBe('Pegasus');
    expect(rows[0]!.deviceName).toBe('Alpha phone');
  });

  it('filters by state, severity and a search of family, device name or model', async () => {
    expect((await get({ state: 'benign' })).items.map((i) => i.familyName)).toEqual(['Hermit']);
    expect((await get({ state: 'all' })).total).toBe(6);
    expect((await get({ severity: 'high' })).total).toBe(5);
    expect((await get({ search: 'PEGA' })).total).toBe(2);
    expect((await get({ search: 'bravo' })).total).toBe(2);
    expect((await get({ search: 'sm-s911', state: 'all' })).total).toBe(2);
    expect((await get({ search: '100%' })).total).toBe(0);
  });

  it("counts each listed incident's findings and those still active (suppressed ones apart)", async () => {
    const [target] = (await get({ search: 'Triangulation' })).items;
    for (const [value, suppressed] of [
      ['a', false],
      ['b', true],
    ] as const) {
      await t.db.query(
        `INSERT INTO gluon_findings (tenant_id, incident_id, device_id, indicator_id, indicator_type, indicator_value, pattern, rule_set_name, rule_set_version, route, kind, value, source, suppressed)
         SELECT tenant_id, id, device_id, 'indicator--1', 'process:name', 'x', 'p', 'Rules', '1', 'exact', 'process', $2, 'ps.txt', $3 FROM gluon_incidents WHERE id = $1`,
        [target!.id, value, suppressed],
      );
    }
    const [listed] = (await get({ search: 'Triangulation' })).items as unknown as Array<{
      findings: number;
      activeFindings: number;
    }>;
    expect(listed).toMatchObject({ findings: 2, activeFindings: 1 });
  });

  it('refuses a forged cursor and an unknown sort with 400', async () => {
    const forged = await t.app.inject({
      method: 'GET',
      url: '/gluon-backend/incidents?after=bm90LWEtY3Vyc29y',
      headers,
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toMatch(/cursor/);
    const sort = await t.app.inject({ method: 'GET', url: '/gluon-backend/incidents?sort=id', headers });
    expect(sort.statusCode).toBe(400);
  });

  it('refuses a user without reports (403)', async () => {
    const user = await t.createUser({ tenantId, permissions: ['gln#upl#rw'] });
    const res = await t.app.inject({
      method: 'GET',
      url: '/gluon-backend/incidents',
      headers: { authorization: `Bearer ${(await t.accessToken(user)).token}` },
    });
    expect(res.statusCode).toBe(403);
  });

  it('counts incidents by severity and state, and lists the latest inspections without rescans', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/gluon-backend/overview', headers });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.bySeverity).toEqual([{ severity: 'high', incidents: 5 }]);
    expect(body.byState).toEqual({ open: 4, confirmed: 1, benign: 1, false_positive: 0 });
    expect(body.latestInspections).toEqual([
      expect.objectContaining({
        id: ids.get('inspection'),
        deviceName: 'Alpha phone',
        fileName: 'sysdiagnose.tar.gz',
        status: 'done',
        findings: 3,
        newFindings: 2,
      }),
    ]);
  });
});
