import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { migrate } from '../../db/migrate';
import { openPglite } from '../../db/pglite';
import { createTestApp, type TestApp } from '../../test/testApp';
import { sampleSysdiagnose } from '../gluon/public';
import { huntDevices, huntRows } from './services/hunt';
import type { HuntQuery } from './services/huntQuery';
import { dictionaryValues, pruneHuntValues } from './services/huntValues';

/**
 * The value dictionary (neutrino_values, migration 017) on both engines: the trigger keeps every
 * observed (kind, value) in it, a contains hunt through it answers exactly what the direct trigram
 * path answers (kinds, wildcards, time range, paging, export), past its limit the hunt falls back,
 * and pruning removes what no observation holds any more.
 */
describe('neutrino: the value dictionary', () => {
  let t: TestApp;
  let storageDir: string;
  let tenantId: string;
  let admin: string;
  let deviceId: string;

  const dictionary = async () =>
    (
      await t.db.query<{ kind: string; value: string }>('SELECT kind, value FROM neutrino_values ORDER BY kind, value')
    ).map((r) => `${r.kind}:${r.value}`);
  const observed = async () =>
    (
      await t.db.query<{ kind: string; value: string }>(
        'SELECT DISTINCT kind, value FROM gluon_observations ORDER BY kind, value',
      )
    ).map((r) => `${r.kind}:${r.value}`);

  async function inspection(
    deviceOf: string,
    at: string,
    observations: Array<[kind: string, value: string]>,
    tenant = tenantId,
  ): Promise<string> {
    const [row] = await t.db.query<{ id: string }>(
      `INSERT INTO gluon_inspections (tenant_id, device_id, origin, status, created_at, finished_at) VALUES ($1, $2, 'upload', 'done', $3, $3) RETURNING id`,
      [tenant, deviceOf, at],
    );
    // One statement for all of them, as gluon stores an inspection's batch.
    await t.db.query(
      `INSERT INTO gluon_observations (inspection_id, device_id, kind, value, source, line, first_seen, last_seen)
       SELECT $1, $2, k, v, 'ps.txt', n::int, $5, $5 FROM unnest($3::text[], $4::text[]) WITH ORDINALITY AS u(k, v, n) ON CONFLICT DO NOTHING`,
      [row!.id, deviceOf, observations.map((o) => o[0]), observations.map((o) => o[1]), at],
    );
    return row!.id;
  }
  async function device(name: string, tenant = tenantId): Promise<string> {
    const [row] = await t.db.query<{ id: string }>(
      'INSERT INTO gluon_devices (tenant_id, name) VALUES ($1, $2) RETURNING id',
      [tenant, name],
    );
    return row!.id;
  }

  beforeAll(async () => {
    storageDir = await mkdtemp(path.join(os.tmpdir(), 'neutrino-values-'));
    t = await createTestApp({ env: { GLUON_STORAGE_DIR: storageDir, GLUON_WORKER: 'on' } });
    const user = await t.createUser({ permissions: ['ntr#hnt#rw', 'gln#rpt#rw', 'gln#upl#rw', 'gln#cfg#rw'] });
    tenantId = user.tenantId;
    admin = (await t.accessToken(user)).token;
    deviceId = await device('iPhone D');
  });
  afterAll(async () => {
    await t?.close();
    await rm(storageDir, { recursive: true, force: true });
  });

  it("gluon's inspection of an uploaded archive fills it: every observed (kind, value) once", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/gluon-backend/uploads?name=sysdiagnose.tar.gz',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/octet-stream' },
      payload: sampleSysdiagnose(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const inspectionId = res.json().upload.inspectionId as string;
    let status = '';
    for (let i = 0; i < 200 && status !== 'done' && status !== 'failed'; i++) {
      await t.app.queue.tick();
      [{ status }] = (await t.db.query<{ status: string }>('SELECT status FROM gluon_inspections WHERE id = $1', [
        inspectionId,
      ])) as [{ status: string }];
    }
    expect(status).toBe('done');
    const values = await observed();
    expect(values.length).toBeGreaterThan(5);
    expect(await dictionary()).toEqual(values);
  });

  it('adds only values it does not hold yet, and nothing for rows the insert skipped', async () => {
    const before = await dictionary();
    const first = await inspection(deviceId, '2026-01-01T00:00:00Z', [
      ['process', 'dict-only-once'],
      ['path', 'dict-only-once'],
    ]);
    await inspection(deviceId, '2026-01-02T00:00:00Z', [['process', 'dict-only-once']]);
    // The same (inspection, kind, value) again: ON CONFLICT DO NOTHING stores no row, the trigger sees none.
    await t.db.query(
      `INSERT INTO gluon_observations (inspection_id, device_id, kind, value, source) VALUES ($1, $2, 'process', 'dict-only-once', 'x') ON CONFLICT DO NOTHING`,
      [first, deviceId],
    );
    expect(await dictionary()).toEqual([...before, 'path:dict-only-once', 'process:dict-only-once'].sort());
  });

  describe('contains hunts through it answer as the trigram index does', () => {
    let devices: string[];
    beforeAll(async () => {
      devices = [await device('Phone 1'), await device('Phone 2'), await device('Phone 3')];
      await inspection(devices[0]!, '2026-02-01T00:00:00Z', [
        ['domain', 'host1.cdn42.example.com'],
        ['domain', 'host2.CDN42.example.com'],
        ['process', 'cdn42-agent'],
        ['path', '/var/db/a%b_c/cdn42'],
      ]);
      await inspection(devices[1]!, '2026-03-01T00:00:00Z', [
        ['domain', 'host1.cdn42.example.com'],
        ['domain', 'host3.cdn420.example.com'],
        ['process', 'a-b-c'],
      ]);
      await inspection(devices[2]!, '2026-04-01T00:00:00Z', [
        ['domain', 'host9.cdn7.example.com'],
        ['process', 'a%b_c'],
      ]);
      // Another tenant observed a matching value: the dictionary lists it, no hunt of ours shows it.
      const other = await t.createTenant('Other');
      await inspection(
        await device('Elsewhere', other),
        '2026-02-15T00:00:00Z',
        [['domain', 'other.cdn42.example.com']],
        other,
      );
    });

    const queries: HuntQuery[] = [
      { mode: 'contains', value: 'cdn42' },
      { mode: 'contains', value: '.CDN42.example' },
      { mode: 'contains', value: 'cdn42', kinds: ['domain'] },
      { mode: 'contains', value: 'cdn42', kinds: ['process', 'path'] },
      { mode: 'contains', value: 'cdn42', from: '2026-02-15T00:00:00Z' },
      { mode: 'contains', value: 'cdn42', to: '2026-02-15T00:00:00Z' },
      { mode: 'contains', value: 'example.com' },
      { mode: 'contains', value: '%b_' },
      { mode: 'contains', value: 'a%b' },
      { mode: 'contains', value: 'nothing-like-this' },
    ];

    it('the same pages, devices, counts, evidence and export rows, with kind filters and time ranges', async () => {
      for (const query of queries) {
        const direct = await huntDevices(t.db, tenantId, query, { size: 100 }, { dictionaryLimit: 0 });
        expect(await huntDevices(t.db, tenantId, query, { size: 100 }), JSON.stringify(query)).toEqual(direct);
        expect(await huntRows(t.db, tenantId, query), JSON.stringify(query)).toEqual(
          await huntRows(t.db, tenantId, query, { dictionaryLimit: 0 }),
        );
      }
      const cdn42 = await huntDevices(t.db, tenantId, { mode: 'contains', value: 'cdn42' }, { size: 100 });
      expect(cdn42.items.map((i) => i.device.name)).toEqual(['Phone 2', 'Phone 1']);
      expect(cdn42.items.map((i) => i.observations)).toEqual([2, 4]);
      // The values are data: "%b_" is the three characters, so a-b-c is not a match.
      const wild = await huntDevices(t.db, tenantId, { mode: 'contains', value: '%b_' }, { size: 100 });
      expect(wild.items.map((i) => i.evidence.map((e) => e.value))).toEqual([['a%b_c'], ['/var/db/a%b_c/cdn42']]);
    });

    it('pages the same way', async () => {
      const query: HuntQuery = { mode: 'contains', value: 'cdn4' };
      const walk = async (dictionaryLimit?: number) => {
        const seen: string[] = [];
        let cursor: string | undefined;
        do {
          const page = await huntDevices(
            t.db,
            tenantId,
            query,
            { size: 1, ...(cursor ? { cursor } : {}) },
            dictionaryLimit === undefined ? {} : { dictionaryLimit },
          );
          seen.push(...page.items.map((i) => i.device.name));
          cursor = page.nextCursor ?? undefined;
        } while (cursor);
        return seen;
      };
      expect(await walk()).toEqual(['Phone 2', 'Phone 1']);
      expect(await walk(0)).toEqual(['Phone 2', 'Phone 1']);
    });

    it('finds the matching values case-insensitively, with the kind filter, wildcards escaped', async () => {
      expect((await dictionaryValues(t.db, { mode: 'contains', value: 'CDN42', kinds: ['domain'] }))!.sort()).toEqual([
        'host1.cdn42.example.com',
        'host2.CDN42.example.com',
        'host3.cdn420.example.com',
        'other.cdn42.example.com',
      ]);
      expect(await dictionaryValues(t.db, { mode: 'contains', value: '%b_' })).toEqual(
        expect.arrayContaining(['a%b_c', '/var/db/a%b_c/cdn42']),
      );
      expect(await dictionaryValues(t.db, { mode: 'contains', value: '%b_' })).not.toContain('a-b-c');
      // Exact and prefix keep their b-tree; a limit of 0 is the direct path.
      expect(await dictionaryValues(t.db, { mode: 'prefix', value: 'host1' })).toBeNull();
      expect(await dictionaryValues(t.db, { mode: 'exact', value: 'a-b-c' })).toBeNull();
      expect(await dictionaryValues(t.db, { mode: 'contains', value: 'cdn42' }, 0)).toBeNull();
    });

    it('falls back to the trigram index when more values match than its limit, with the same answer', async () => {
      const query: HuntQuery = { mode: 'contains', value: 'example.com' };
      // Five values hold it (four of this tenant, one of another).
      expect(await dictionaryValues(t.db, query, 4)).toBeNull();
      expect((await dictionaryValues(t.db, query, 5))!.length).toBe(5);
      const direct = await huntDevices(t.db, tenantId, query, { size: 100 }, { dictionaryLimit: 0 });
      expect(direct.items.map((i) => i.device.name)).toEqual(['Phone 3', 'Phone 2', 'Phone 1']);
      expect(await huntDevices(t.db, tenantId, query, { size: 100 }, { dictionaryLimit: 4 })).toEqual(direct);
      expect(await huntDevices(t.db, tenantId, query, { size: 100 }, { dictionaryLimit: 5 })).toEqual(direct);
    });

    it("never shows another tenant's observation of a value the dictionary lists", async () => {
      expect(await dictionary()).toContain('domain:other.cdn42.example.com');
      const page = await huntDevices(t.db, tenantId, { mode: 'contains', value: 'other.cdn42' }, { size: 100 });
      expect(page.items).toEqual([]);
    });
  });

  it('pruning removes values no observation holds any more and duplicates, and keeps the rest', async () => {
    const gone = await inspection(deviceId, '2026-05-01T00:00:00Z', [
      ['process', 'prune-me'],
      ['process', 'dict-only-once'],
    ]);
    // A value first stored by two inspections at once is listed twice (no unique key, on purpose).
    await t.db.query("INSERT INTO neutrino_values (kind, value) VALUES ('process', 'dict-only-once')");
    await t.db.query('DELETE FROM gluon_inspections WHERE id = $1', [gone]);
    expect(await dictionary()).toContain('process:prune-me');
    expect(await pruneHuntValues(t.db)).toBe(2);
    expect(await dictionary()).toEqual(await observed());
    expect(await pruneHuntValues(t.db)).toBe(0);
  });

  it('the migration fills it from the observations already stored', async () => {
    // A database at migration 016 with observations, then 017 applied (PGlite: the same SQL on both engines).
    const dir = await mkdtemp(path.join(os.tmpdir(), 'neutrino-migrations-'));
    const source = fileURLToPath(new URL('../../db/migrations/', import.meta.url));
    const files = (await readdir(source)).filter((f) => f.endsWith('.sql')).sort();
    for (const f of files.filter((f) => f < '017')) await copyFile(path.join(source, f), path.join(dir, f));
    const db = await openPglite();
    try {
      await migrate(db, dir);
      const [tenant] = await db.query<{ id: string }>("INSERT INTO tenants (name) VALUES ('Before 017') RETURNING id");
      const [phone] = await db.query<{ id: string }>(
        "INSERT INTO gluon_devices (tenant_id, name) VALUES ($1, 'Phone') RETURNING id",
        [tenant!.id],
      );
      const [done] = await db.query<{ id: string }>(
        "INSERT INTO gluon_inspections (tenant_id, device_id, origin, status) VALUES ($1, $2, 'upload', 'done') RETURNING id",
        [tenant!.id, phone!.id],
      );
      await db.query(
        `INSERT INTO gluon_observations (inspection_id, device_id, kind, value, source) VALUES ($1, $2, 'process', 'old-agent', 'ps.txt'), ($1, $2, 'domain', 'old.example.org', 'x')`,
        [done!.id, phone!.id],
      );
      for (const f of files.filter((f) => f >= '017')) await copyFile(path.join(source, f), path.join(dir, f));
      expect(await migrate(db, dir)).toContain(17);
      const listed = await db.query<{ kind: string; value: string }>(
        'SELECT kind, value FROM neutrino_values ORDER BY kind',
      );
      expect(listed).toEqual([
        { kind: 'domain', value: 'old.example.org' },
        { kind: 'process', value: 'old-agent' },
      ]);
      expect(await dictionaryValues(db, { mode: 'contains', value: 'AGENT' })).toEqual(['old-agent']);
    } finally {
      await db.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
