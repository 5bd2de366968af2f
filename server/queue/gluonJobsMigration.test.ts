import { randomUUID } from 'node:crypto';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import type { Database } from '../contracts';
import { migrate, readMigrations } from '../db/migrate';
import { openPglite } from '../db/pglite';
import { openPostgres } from '../db/postgres';
import { JobQueue } from './jobQueue';

const MIGRATIONS = fileURLToPath(new URL('../db/migrations/', import.meta.url));
const VERSION = 23;

/** An empty database (no migration applied): a new PGlite, or a new PostgreSQL database when TEST_DB=postgres. */
async function emptyDatabase(): Promise<Database> {
  if (process.env.TEST_DB !== 'postgres') return openPglite();
  const adminUrl = inject('pgAdminUrl');
  const name = `mig_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return openPostgres(adminUrl!.replace(/\/postgres$/, `/${name}`), { max: 2 });
}

type Row = {
  queue: string;
  state: string;
  singleton_key: string;
  data: Record<string, string>;
  attempts: number;
  retry_limit: number;
  error: string | null;
  created_at: Date | string;
};

/**
 * 023_gluon_jobs_on_queue.sql on a database that still holds gluon's own job table: what waited or
 * ran goes on waiting in the queue, a device's finished rescans stay readable, gluon_jobs goes.
 */
describe('migration 023: gluon_jobs rows move onto the job queue', () => {
  let db: Database;
  let dir: string;
  const ids = {
    tenant: randomUUID(),
    device: randomUUID(),
    queued: randomUUID(),
    running: randomUUID(),
    done: randomUUID(),
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'mtd-migration-023-'));
    // The migrations before 023 only, as a database of the previous version has them.
    for (const m of await readMigrations())
      if (m.version < VERSION) await copyFile(path.join(MIGRATIONS, m.name), path.join(dir, m.name));
    db = await emptyDatabase();
    await migrate(db, dir);
  }, 120_000);
  afterAll(async () => {
    await db?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps waiting and running jobs (one per key), finished rescans, and drops the old table', async () => {
    const { tenant, device, queued, running, done } = ids;
    await db.query("INSERT INTO tenants (id, name) VALUES ($1, 'Acme')", [tenant]);
    await db.query("INSERT INTO gluon_devices (id, tenant_id, name) VALUES ($1, $2, 'iPhone A')", [device, tenant]);
    for (const id of [queued, running, done])
      await db.query("INSERT INTO gluon_inspections (id, tenant_id, device_id, origin) VALUES ($1, $2, $3, 'upload')", [
        id,
        tenant,
        device,
      ]);
    const job = (
      kind: string,
      status: string,
      inspection: string | null,
      deviceId: string | null,
      attempts: number,
      at: string,
      error: string | null = null,
    ) =>
      db.query(
        `INSERT INTO gluon_jobs (tenant_id, kind, inspection_id, device_id, status, attempts, error, created_at, finished_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, CASE WHEN $5 IN ('done', 'failed') THEN $8::timestamptz + interval '1 minute' END)`,
        [tenant, kind, inspection, deviceId, status, attempts, error, at],
      );
    await job('inspect', 'queued', queued, device, 0, '2026-01-05T10:00:00Z');
    await job('inspect', 'running', running, device, 3, '2026-01-05T10:01:00Z');
    await job('inspect', 'done', done, device, 1, '2026-01-05T10:02:00Z');
    await job('rescan', 'queued', null, device, 0, '2026-01-05T10:03:00Z');
    await job('rescan', 'queued', null, device, 0, '2026-01-05T10:04:00Z');
    await job('rescan', 'running', null, null, 1, '2026-01-05T10:05:00Z');
    await job('rescan', 'done', null, device, 1, '2026-01-05T09:00:00Z');
    await job('rescan', 'failed', null, null, 2, '2026-01-05T09:30:00Z', 'No rule set is enabled.');

    const applied = await migrate(db);
    expect(applied[0]).toBe(VERSION);

    const rows = await db.query<Row>(
      'SELECT queue, state, singleton_key, data, attempts, retry_limit, error, created_at FROM queue_jobs ORDER BY created_at',
    );
    const seen = rows.map((r) => [
      r.queue,
      r.state,
      r.singleton_key,
      r.data,
      r.attempts,
      r.retry_limit,
      r.error,
      new Date(r.created_at).toISOString(),
    ]);
    expect(seen).toEqual([
      [
        'gluon.rescan',
        'completed',
        `rescan:${device}`,
        { tenantId: tenant, deviceId: device },
        1,
        2,
        null,
        '2026-01-05T09:00:00.000Z',
      ],
      [
        'gluon.rescan',
        'failed',
        `rematch:${tenant}`,
        { tenantId: tenant },
        2,
        2,
        'No rule set is enabled.',
        '2026-01-05T09:30:00.000Z',
      ],
      [
        'gluon.inspect',
        'created',
        `inspect:${queued}`,
        { tenantId: tenant, inspectionId: queued, deviceId: device },
        0,
        2,
        null,
        '2026-01-05T10:00:00.000Z',
      ],
      // A job running when the old version stopped starts again, its attempts kept within the limit.
      [
        'gluon.inspect',
        'created',
        `inspect:${running}`,
        { tenantId: tenant, inspectionId: running, deviceId: device },
        2,
        2,
        null,
        '2026-01-05T10:01:00.000Z',
      ],
      // Two waiting rescans of one device became one (the older: it covers both).
      [
        'gluon.rescan',
        'created',
        `rescan:${device}`,
        { tenantId: tenant, deviceId: device },
        0,
        2,
        null,
        '2026-01-05T10:03:00.000Z',
      ],
      ['gluon.rescan', 'created', `rematch:${tenant}`, { tenantId: tenant }, 1, 2, null, '2026-01-05T10:05:00.000Z'],
    ]);
    const [table] = await db.query<{ t: string | null }>("SELECT to_regclass('public.gluon_jobs')::text AS t");
    expect(table!.t).toBeNull();

    // The queue reads them as its own: a device's rescans by key, newest first, and a worker runs them.
    const queue = new JobQueue(db);
    expect((await queue.jobsByKey('gluon.rescan', `rescan:${device}`)).map((j) => [j.state, j.finishedAt])).toEqual([
      ['created', null],
      ['completed', '2026-01-05T09:01:00.000Z'],
    ]);
    const inspected: unknown[] = [];
    queue.work('gluon.inspect', async (j) => void inspected.push([j.data, j.attempts]), { concurrency: 2 });
    expect(await queue.tick()).toBe(2);
    expect(inspected).toEqual(
      expect.arrayContaining([
        [{ tenantId: tenant, inspectionId: queued, deviceId: device }, 1],
        [{ tenantId: tenant, inspectionId: running, deviceId: device }, 3],
      ]),
    );
  });
});
