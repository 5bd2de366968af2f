import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Queryable } from '../../../contracts';
import { createTestApp, type TestApp } from '../../../test/testApp';
import { listAuditEvents } from '../../users/public';
import { listDevices } from '../services/devices';
import { listUploads } from '../services/uploads';

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
    await t.db.query(
      `INSERT INTO gluon_inspections (tenant_id, file_name, origin, created_by, created_at)
       SELECT $1, 'file-' || i, CASE WHEN i % 10 = 0 THEN 'rescan' ELSE 'upload' END, CASE WHEN i % 4 = 0 THEN $2::uuid END, now() - make_interval(secs => i / 2)
         FROM generate_series(1, 20000) AS i`,
      [tenantId, user.id],
    );
    // VACUUM as autovacuum would: it moves the GIN index's pending entries into the index proper.
    await t.db.query('VACUUM ANALYZE gluon_devices');
    await t.db.query('VACUUM ANALYZE audit_events');
    await t.db.query('VACUUM ANALYZE gluon_inspections');
  });
  afterAll(() => t?.close());

  const plan = async (sql: string, params: readonly unknown[]) => {
    const rows = await t.db.query<Record<string, unknown>>(`EXPLAIN ${sql}`, params);
    return rows.map((r) => Object.values(r)[0]).join('\n');
  };

  it('reads the devices page from gluon_devices_list in its order (NULLs last, id), without a sort', async () => {
    const text = await plan(
      'SELECT d.id FROM gluon_devices d WHERE d.tenant_id = $1 ORDER BY d.last_inspection_at DESC NULLS LAST, d.id LIMIT 20 OFFSET 9980',
      [tenantId],
    );
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
    const text = await plan(
      'SELECT e.id FROM audit_events e WHERE e.tenant_id = $1 AND e.actor_id = $2 ORDER BY e.created_at DESC, e.id LIMIT 50',
      [tenantId, user!.id],
    );
    expect(text).toMatch(/Index (Only )?Scan using audit_events_actor/);
    expect(text).not.toMatch(/Sort/);
  });

  /** The keyset reads (sort_key) a list call makes, as they were sent. */
  const keysetReads = async (call: (q: Queryable) => Promise<unknown>) => {
    const sent: Array<[string, readonly unknown[]]> = [];
    const spy: Queryable = {
      query: (sql, params) => (sent.push([sql, params ?? []]), t.db.query(sql, params)),
      exec: (sql) => t.db.exec(sql),
    };
    await call(spy);
    return sent.filter(([sql]) => sql.includes('sort_key'));
  };
  const cursor = (key: string | null, id: string) => Buffer.from(JSON.stringify([key, id])).toString('base64url');

  it('reads every keyset page of devices from gluon_devices_list without a sort: after and before, a timestamp or a NULL key, deep in the list', async () => {
    const [deep] = await t.db.query<{ id: string; k: string }>(
      `SELECT id, (extract(epoch FROM last_inspection_at) * 1000000)::bigint::text AS k FROM gluon_devices WHERE tenant_id = $1 AND last_inspection_at IS NOT NULL
        ORDER BY last_inspection_at DESC, id OFFSET 15000 LIMIT 1`,
      [tenantId],
    );
    const [nullRow] = await t.db.query<{ id: string }>(
      'SELECT id FROM gluon_devices WHERE tenant_id = $1 AND last_inspection_at IS NULL ORDER BY id OFFSET 1000 LIMIT 1',
      [tenantId],
    );
    const cursors = [cursor(deep!.k, deep!.id), cursor(null, nullRow!.id)];
    for (const c of cursors) {
      for (const direction of ['after', 'before'] as const) {
        const reads = await keysetReads((q) => listDevices(q, tenantId, { page: 0, size: 20, [direction]: c }));
        expect(reads.length).toBeGreaterThan(0);
        for (const [sql, params] of reads) {
          const text = await plan(sql, params);
          expect(text, `${direction} ${sql}`).toMatch(/Index (Only )?Scan( Backward)? using gluon_devices_list/);
          expect(text, `${direction} ${sql}`).not.toMatch(/Sort/);
        }
      }
    }
  });

  const deepCursor = async (table: string, key: string, where = '') => {
    const [row] = await t.db.query<{ id: string; k: string }>(
      `SELECT id, (extract(epoch FROM ${key}) * 1000000)::bigint::text AS k FROM ${table} WHERE tenant_id = $1 ${where} ORDER BY ${key} DESC, id OFFSET 15000 LIMIT 1`,
      [tenantId],
    );
    return cursor(row!.k, row!.id);
  };

  it('reads keyset pages of the audit log from audit_events_list, and of one actor from audit_events_actor, without a sort', async () => {
    const [user] = await t.db.query<{ email: string }>('SELECT email FROM users WHERE tenant_id = $1', [tenantId]);
    const deep = await deepCursor('audit_events', 'created_at');
    for (const [filter, index] of [
      [{}, 'audit_events_list'],
      [{ actor: user!.email }, 'audit_events_actor'],
    ] as const) {
      for (const direction of ['after', 'before'] as const) {
        const reads = await keysetReads((q) =>
          listAuditEvents(q, tenantId, { page: 0, size: 50, [direction]: deep, ...filter }),
        );
        expect(reads.length).toBeGreaterThan(0);
        for (const [sql, params] of reads) {
          const text = await plan(sql, params);
          expect(text).toMatch(new RegExp(`Index (Only )?Scan( Backward)? using ${index}`));
          expect(text).not.toMatch(/Sort/);
        }
      }
    }
  });

  it('reads keyset pages of uploads from gluon_inspections_uploads (and _uploads_by for one uploader) without a sort', async () => {
    const [user] = await t.db.query<{ id: string }>('SELECT id FROM users WHERE tenant_id = $1', [tenantId]);
    const deep = await deepCursor('gluon_inspections', 'created_at', "AND origin <> 'rescan'");
    for (const [createdBy, index] of [
      [null, 'gluon_inspections_uploads'],
      [user!.id, 'gluon_inspections_uploads_by'],
    ] as const) {
      for (const direction of ['after', 'before'] as const) {
        const reads = await keysetReads((q) =>
          listUploads(q, tenantId, { page: 0, size: 20, createdBy, [direction]: deep }),
        );
        expect(reads.length).toBeGreaterThan(0);
        for (const [sql, params] of reads) {
          const text = await plan(sql, params);
          expect(text).toMatch(new RegExp(`Index (Only )?Scan( Backward)? using ${index}\\b`));
          expect(text).not.toMatch(/Sort/);
        }
      }
    }
  });

  it('drives a broad device search (every device matches) by gluon_devices_list in order, a narrow one by the trigram index', async () => {
    const deep = await deepCursor('gluon_devices', 'last_inspection_at', 'AND last_inspection_at IS NOT NULL');
    for (const c of [{}, { after: deep }, { before: deep }]) {
      for (const [sql, params] of await keysetReads((q) =>
        listDevices(q, tenantId, { page: 0, size: 20, search: 'iphone', ...c }),
      )) {
        const text = await plan(sql, params);
        expect(text).toMatch(/Index Scan( Backward)? using gluon_devices_list/);
        expect(text).not.toMatch(/Sort/);
      }
      // Eleven matches of 20,000: read on the trigram index and those eleven sorted.
      for (const [sql, params] of await keysetReads((q) =>
        listDevices(q, tenantId, { page: 0, size: 20, search: 'dev-1234', ...c }),
      )) {
        expect(await plan(sql, params)).toMatch(/Bitmap Index Scan on gluon_devices_search/);
      }
    }
  });

  it('drives a broad multi-user actor filter by audit_events_list in order, without sorting their events', async () => {
    const other = await t.createTenant('Actors');
    const a = await t.createUser({ tenantId: other, email: 'multi-a@plan.example' });
    const b = await t.createUser({ tenantId: other, email: 'multi-b@plan.example' });
    await t.db.query(
      `INSERT INTO audit_events (tenant_id, actor_id, action, created_at)
       SELECT $1, CASE WHEN i % 2 = 0 THEN $2::uuid WHEN i % 3 = 0 THEN $3::uuid END, 'test.multi', now() - make_interval(secs => i / 3) FROM generate_series(1, 20000) AS i`,
      [other, a.id, b.id],
    );
    await t.db.query('ANALYZE audit_events');
    const [row] = await t.db.query<{ id: string; k: string }>(
      'SELECT id, (extract(epoch FROM created_at) * 1000000)::bigint::text AS k FROM audit_events WHERE tenant_id = $1 ORDER BY created_at DESC, id OFFSET 15000 LIMIT 1',
      [other],
    );
    for (const c of [{}, { after: cursor(row!.k, row!.id) }, { before: cursor(row!.k, row!.id) }]) {
      for (const [sql, params] of await keysetReads((q) =>
        listAuditEvents(q, other, { page: 0, size: 50, actor: 'multi-', ...c }),
      )) {
        const text = await plan(sql, params);
        expect(text).toMatch(/Index Scan( Backward)? using audit_events_list/);
        expect(text).not.toMatch(/Sort/);
      }
    }
  });
});
