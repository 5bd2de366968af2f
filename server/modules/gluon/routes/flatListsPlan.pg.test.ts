import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/testApp';

/**
 * On PostgreSQL (after ANALYZE, 20,000 devices and events) the lists' ORDER BY is read from their
 * indexes (migration 011), with no sort of the tenant: the plan, not a timing, is what is checked.
 */
describe('flat lists: query plans on PostgreSQL', () => {
  let t: TestApp;
  let tenantId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const user = await t.createUser();
    tenantId = user.tenantId;
    await t.db.query(
      `INSERT INTO gluon_devices (tenant_id, name, model_code, last_inspection_at)
       SELECT $1, 'dev-' || i, 'iPhone' || (i % 50), CASE WHEN i % 7 = 0 THEN NULL ELSE now() - make_interval(secs => i) END FROM generate_series(1, 20000) AS i`,
      [tenantId],
    );
    await t.db.query(
      `INSERT INTO audit_events (tenant_id, actor_id, action, created_at)
       SELECT $1, CASE WHEN i % 100 = 0 THEN $2::uuid END, 'test.event', now() - make_interval(secs => i / 3) FROM generate_series(1, 20000) AS i`,
      [tenantId, user.id],
    );
    // VACUUM as autovacuum would: it moves the GIN index's pending entries into the index proper.
    await t.db.query('VACUUM ANALYZE gluon_devices');
    await t.db.query('VACUUM ANALYZE audit_events');
  });
  afterAll(() => t?.close());

  const plan = async (sql: string, params: unknown[]) => {
    const rows = await t.db.query<Record<string, unknown>>(`EXPLAIN ${sql}`, params);
    return rows.map((r) => Object.values(r)[0]).join('\n');
  };

  it('reads the devices page from gluon_devices_list in its order (NULLs last, id), without a sort', async () => {
    const text = await plan('SELECT d.id FROM gluon_devices d WHERE d.tenant_id = $1 ORDER BY d.last_inspection_at DESC NULLS LAST, d.id LIMIT 20 OFFSET 9980', [tenantId]);
    expect(text).toMatch(/Index (Only )?Scan using gluon_devices_list/);
    expect(text).not.toMatch(/Sort/);
  });

  it('searches devices on the trigram index', async () => {
    const text = await plan(
      `SELECT d.id FROM gluon_devices d WHERE d.tenant_id = $1
         AND lower(d.name || chr(31) || coalesce(d.model_code, '') || chr(31) || coalesce(d.os_version, '') || chr(31) || coalesce(d.crash_reporter_key, '')) LIKE $2`,
      [tenantId, '%dev-1234%'],
    );
    expect(text).toMatch(/Bitmap Index Scan on gluon_devices_search/);
  });

  it('reads one actor’s audit events from audit_events_actor in their order, without a sort', async () => {
    const [user] = await t.db.query<{ id: string }>('SELECT id FROM users WHERE tenant_id = $1', [tenantId]);
    const text = await plan('SELECT e.id FROM audit_events e WHERE e.tenant_id = $1 AND e.actor_id = $2 ORDER BY e.created_at DESC, e.id LIMIT 50', [tenantId, user!.id]);
    expect(text).toMatch(/Index (Only )?Scan using audit_events_actor/);
    expect(text).not.toMatch(/Sort/);
  });
});
