import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Database, Queryable } from '../../contracts';
import { createTestDatabase } from '../../test/testApp';
import { pruneHuntValues } from './services/huntValues';

/**
 * The value dictionary's trigger under two inspections stored at once (PostgreSQL only: PGlite
 * has one connection). Each stores its observations in two statements, the second naming the value
 * the other stored first: with a unique key the two would wait on each other's uncommitted row (a
 * deadlock); without one neither waits, and pruning removes the duplicate they leave.
 */
describe('neutrino: the value dictionary under concurrent inspections (PostgreSQL)', () => {
  let db: Database;
  let device: string;
  beforeAll(async () => {
    db = await createTestDatabase();
    const [tenant] = await db.query<{ id: string }>("INSERT INTO tenants (name) VALUES ('Concurrent') RETURNING id");
    const [row] = await db.query<{ id: string }>(
      "INSERT INTO gluon_devices (tenant_id, name) VALUES ($1, 'Phone') RETURNING id",
      [tenant!.id],
    );
    device = row!.id;
  });
  afterAll(async () => {
    await db?.close();
  });

  async function newInspection(q: Queryable): Promise<string> {
    const [row] = await q.query<{ id: string }>(
      "INSERT INTO gluon_inspections (tenant_id, device_id, origin, status) SELECT tenant_id, id, 'upload', 'done' FROM gluon_devices WHERE id = $1 RETURNING id",
      [device],
    );
    return row!.id;
  }
  const store = (q: Queryable, inspection: string, value: string) =>
    q.query(
      "INSERT INTO gluon_observations (inspection_id, device_id, kind, value, source) VALUES ($1, $2, 'process', $3, 'ps.txt')",
      [inspection, device, value],
    );

  it('two inspections storing the same new values in crossing order neither wait nor deadlock', async () => {
    // Barriers: both store their first value, then both their second, then both commit.
    const barrier = () => {
      let open!: () => void;
      const passed = new Promise<void>((resolve) => (open = resolve));
      return { open, passed };
    };
    const [aFirst, bFirst, aSecond, bSecond] = [barrier(), barrier(), barrier(), barrier()];
    const inspection = (
      first: string,
      second: string,
      mine: ReturnType<typeof barrier>[],
      theirs: ReturnType<typeof barrier>[],
    ) =>
      db.tx(async (q) => {
        // Any wait on the other's row would fail here within a second, before a deadlock is even detected.
        await q.query("SET LOCAL lock_timeout = '1s'");
        const id = await newInspection(q);
        await store(q, id, first);
        mine[0]!.open();
        await theirs[0]!.passed;
        await store(q, id, second);
        mine[1]!.open();
        await theirs[1]!.passed;
      });
    await Promise.all([
      inspection('crossing-one', 'crossing-two', [aFirst, aSecond], [bFirst, bSecond]),
      inspection('crossing-two', 'crossing-one', [bFirst, bSecond], [aFirst, aSecond]),
    ]);

    const listed = async () =>
      (
        await db.query<{ value: string }>(
          "SELECT value FROM neutrino_values WHERE value LIKE 'crossing-%' ORDER BY value",
        )
      ).map((r) => r.value);
    // Neither saw the other's uncommitted value: both listed it.
    expect(await listed()).toEqual(['crossing-one', 'crossing-one', 'crossing-two', 'crossing-two']);
    expect(await pruneHuntValues(db)).toBe(2);
    expect(await listed()).toEqual(['crossing-one', 'crossing-two']);
  });

  it('pruning waits for an inspection in flight, so a value it relies on is never removed under it', async () => {
    await db.tx(async (q) => store(q, await newInspection(q), 'kept-while-pruning'));
    const [{ id: old }] = (await db.query<{ id: string }>(
      "SELECT inspection_id AS id FROM gluon_observations WHERE value = 'kept-while-pruning'",
    )) as [{ id: string }];
    let stored!: () => void;
    let finish!: () => void;
    const inFlight = new Promise<void>((resolve) => (stored = resolve));
    const release = new Promise<void>((resolve) => (finish = resolve));
    // A second inspection stores the value (listed already: the trigger adds nothing) and has not committed,
    // while the first inspection's observations are deleted: the only committed holder is gone.
    const second = db.tx(async (q) => {
      await store(q, await newInspection(q), 'kept-while-pruning');
      stored();
      await release;
    });
    await inFlight;
    await db.query('DELETE FROM gluon_inspections WHERE id = $1', [old]);
    const pruning = pruneHuntValues(db);
    let pruned = false;
    void pruning.then(() => (pruned = true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const prunedMeanwhile = pruned;
    finish();
    await second;
    await pruning;
    expect(prunedMeanwhile).toBe(false);
    expect(await db.query("SELECT 1 FROM neutrino_values WHERE value = 'kept-while-pruning'")).toHaveLength(1);
  });
});
