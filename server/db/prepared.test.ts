import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Database } from '../contracts';
import { createTestDatabase } from '../test/testApp';
import { preparedQuery } from './prepared';

/**
 * Named prepared statements (Database.prepared: db/pglitePrepared.ts on PGlite, pg's named
 * statements on PostgreSQL) answer exactly what `query` answers for the same text.
 */
describe('prepared statements (PGlite or PostgreSQL per TEST_DB)', () => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.close());

  const TYPES_SQL = `SELECT $1::uuid AS id, $2::text AS name, $3::text[] AS list, $4::boolean AS flag, $5::int8 AS big,
      $6::jsonb AS doc, $7::timestamptz AS at, now() - now() + $7::timestamptz AS at2, NULL::text AS nothing
    FROM (SELECT 1) AS one WHERE $2::text IS NOT NULL`;
  const PARAMS = [
    '6f1c1c3e-8d3a-4f57-9a5e-0b6e0d4b7a11',
    'it\'s ü, "quoted" and {braced}',
    ['a', 'b c', 'd"e', 'f,g'],
    true,
    9007199254740991,
    { a: [1, 'x'] },
    new Date('2026-11-23T08:00:00.123Z'),
  ];

  it('answers the same rows, with the same JS types, as query for every kind of column', async () => {
    expect(db.prepared).toBeTypeOf('function');
    const plain = await db.query(TYPES_SQL, PARAMS);
    const prepared = await preparedQuery(db, 'test_types', TYPES_SQL, PARAMS);
    expect(prepared).toEqual(plain);
    expect(prepared[0]).toMatchObject({
      list: PARAMS[2],
      flag: true,
      big: 9007199254740991,
      doc: { a: [1, 'x'] },
      nothing: null,
    });
    expect((prepared[0] as { at: Date }).at).toBeInstanceOf(Date);
    // Again (the statement is prepared now) with other values, and with a null parameter: no row.
    expect(await preparedQuery(db, 'test_types', TYPES_SQL, [PARAMS[0], 'x', [], false, 0, null, null])).toEqual(
      await db.query(TYPES_SQL, [PARAMS[0], 'x', [], false, 0, null, null]),
    );
    expect(await preparedQuery(db, 'test_types', TYPES_SQL, [PARAMS[0], null, [], false, 0, null, null])).toEqual([]);
  });

  it('answers a result larger than one backend send buffer (many rows, long values, NULLs) as query does', async () => {
    const sql = `SELECT i, repeat(md5(i::text), $1) AS long, CASE WHEN i % 7 = 0 THEN NULL ELSE i::text END AS maybe
      FROM generate_series(1, $2::int) AS i`;
    const params = [40, 3000];
    const prepared = await preparedQuery<{ i: number; long: string; maybe: string | null }>(
      db,
      'test_large',
      sql,
      params,
    );
    expect(prepared).toHaveLength(3000);
    expect(prepared[6]).toMatchObject({ i: 7, maybe: null });
    expect(prepared[2999]!.long).toHaveLength(32 * 40);
    expect(prepared).toEqual(await db.query(sql, params));
  });

  it('reports a database error as query does, and the statement still works afterwards', async () => {
    const sql = 'SELECT $1::uuid AS id';
    await expect(preparedQuery(db, 'test_error', sql, ['not-a-uuid'])).rejects.toMatchObject({ code: '22P02' });
    await expect(db.query(sql, ['not-a-uuid'])).rejects.toMatchObject({ code: '22P02' });
    expect(await preparedQuery(db, 'test_error', sql, [PARAMS[0]])).toEqual([{ id: PARAMS[0] }]);
    // Other statements are not disturbed by the failed one.
    expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });

  it('writes: an UPDATE through a prepared statement is visible to the next query', async () => {
    const [tenant] = await db.query<{ id: string }>("INSERT INTO tenants (name) VALUES ('Prepared') RETURNING id");
    const sql = 'UPDATE tenants SET name = $2 WHERE id = $1 RETURNING name';
    expect(await preparedQuery(db, 'test_write', sql, [tenant!.id, 'Renamed'])).toEqual([{ name: 'Renamed' }]);
    expect(await db.query('SELECT name FROM tenants WHERE id = $1', [tenant!.id])).toEqual([{ name: 'Renamed' }]);
  });

  it('runs inside the queue with transactions: no interleaving with an open transaction', async () => {
    const [tenant] = await db.query<{ id: string }>("INSERT INTO tenants (name) VALUES ('Before') RETURNING id");
    const sql = 'SELECT name FROM tenants WHERE id = $1';
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const tx = db.tx(async (q) => {
      await q.query("UPDATE tenants SET name = 'During' WHERE id = $1", [tenant!.id]);
      await held;
      await q.query("UPDATE tenants SET name = 'After' WHERE id = $1", [tenant!.id]);
    });
    const read = preparedQuery<{ name: string }>(db, 'test_isolation', sql, [tenant!.id]);
    release();
    await tx;
    // Never the uncommitted 'During': either before the transaction or after it.
    expect(['Before', 'After']).toContain((await read)[0]!.name);
  });

  it('a name belongs to one text (PGlite refuses a second text; the fallback path never mixes them)', async () => {
    await preparedQuery(db, 'test_one_text', 'SELECT 1 AS a', []);
    if (db.kind === 'pglite')
      await expect(preparedQuery(db, 'test_one_text', 'SELECT 2 AS a', [])).rejects.toThrow(
        /already prepared with another text/,
      );
    expect(await preparedQuery(db, 'test_one_text', 'SELECT 1 AS a', [])).toEqual([{ a: 1 }]);
  });

  it('without Database.prepared (a wrapper or a fake), preparedQuery is a plain query', async () => {
    const seen: string[] = [];
    const wrapper = {
      query: <T>(sql: string, params?: readonly unknown[]) => (seen.push(sql), db.query<T>(sql, params)),
      exec: (sql: string) => db.exec(sql),
    };
    expect(await preparedQuery(wrapper, 'test_fallback', 'SELECT $1::int AS v', [7])).toEqual([{ v: 7 }]);
    expect(seen).toEqual(['SELECT $1::int AS v']);
  });
});
