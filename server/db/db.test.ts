import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import type { Database } from '../contracts';
import { createTestDatabase } from '../test/testApp';
import { migrate, readMigrations } from './migrate';
import { openPglite } from './pglite';

describe('database adapter (PGlite or PostgreSQL per TEST_DB)', () => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.close());

  it('has every table of the schema', async () => {
    const rows = await db.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'",
    );
    const names = rows.map((r) => r.table_name);
    for (const table of [
      'tenants',
      'users',
      'user_identities',
      'recovery_codes',
      'sessions',
      'remembered_devices',
      'invitations',
      'password_recovery_requests',
      'collector_links',
      'collector_installs',
      'contact_requests',
      'logos',
      'idp_settings',
      'idp_domain_mappings',
      'used_nonces',
      'mail_outbox',
      'audit_events',
      'notification_subscriptions',
      'unsubscribes',
      'schema_migrations',
    ]) {
      expect(names).toContain(table);
    }
  });

  it('applies migrations once: a second run does nothing', async () => {
    expect(await migrate(db)).toEqual([]);
    const applied = await db.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(applied.map((r) => r.version)).toEqual((await readMigrations()).map((m) => m.version));
  });

  it('indexes no column that every sign-in or refresh writes, so those updates stay heap-only', async () => {
    // An indexed column makes each of these updates write an entry into every index of the table
    // (006_sign_in_write.sql); unindexed, PostgreSQL updates the row in place.
    const hot: Array<[string, string]> = [
      ['users', 'last_login_at'],
      ['users', 'failed_logins'],
      ['users', 'last_failed_login_at'],
      ['sessions', 'last_seen_at'],
    ];
    for (const [table, column] of hot) {
      const indexes = await db.query<{ name: string }>(
        `SELECT i.indexrelid::regclass::text AS name FROM pg_index i
           JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
          WHERE i.indrelid = $1::regclass AND a.attname = $2`,
        [table, column],
      );
      expect(indexes.map((r) => `${table}.${column}: ${r.name}`)).toEqual([]);
    }
    const [users] = await db.query<{ reloptions: string[] | null }>(
      "SELECT reloptions FROM pg_class WHERE oid = 'users'::regclass",
    );
    expect(users!.reloptions).toContain('fillfactor=90');
  });

  it('returns the same JS types on both engines', async () => {
    const [row] = await db.query<{ n: number; at: Date; arr: string[]; j: { a: number } }>(
      "SELECT count(*) AS n, now() AS at, ARRAY['a','b']::text[] AS arr, '{\"a\":1}'::jsonb AS j FROM tenants",
    );
    expect(typeof row!.n).toBe('number');
    expect(row!.at).toBeInstanceOf(Date);
    expect(row!.arr).toEqual(['a', 'b']);
    expect(row!.j).toEqual({ a: 1 });
  });

  it('has pg_trgm on both engines: a substring search can use a GIN trigram index', async () => {
    const [row] = await db.query<{ s: number }>("SELECT similarity('helperd', 'helper') AS s");
    expect(row!.s).toBeGreaterThan(0.5);
    await db.tx(async (q) => {
      await q.exec('CREATE TEMP TABLE trgm_probe (v text)');
      await q.exec('CREATE INDEX trgm_probe_v ON trgm_probe USING gin (v gin_trgm_ops)');
      await q.query("INSERT INTO trgm_probe SELECT 'proc-' || g FROM generate_series(1, 50) g");
      const found = await q.query<{ v: string }>("SELECT v FROM trgm_probe WHERE v LIKE '%c-4%' ORDER BY v");
      expect(found.map((r) => r.v)).toEqual([
        'proc-4',
        'proc-40',
        'proc-41',
        'proc-42',
        'proc-43',
        'proc-44',
        'proc-45',
        'proc-46',
        'proc-47',
        'proc-48',
        'proc-49',
      ]);
      await q.exec('DROP TABLE trgm_probe');
    });
  });

  it('rolls a failed transaction back', async () => {
    await expect(
      db.tx(async (q) => {
        await q.query("INSERT INTO tenants (name) VALUES ('rolled back')");
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await db.query("SELECT 1 FROM tenants WHERE name = 'rolled back'")).toHaveLength(0);
  });

  it('keeps concurrent transactions consistent (counter incremented under lock)', async () => {
    const [t] = await db.query<{ id: string }>("INSERT INTO tenants (name) VALUES ('counter') RETURNING id");
    await db.query("INSERT INTO collector_links (tenant_id, token_hash, install_limit) VALUES ($1, 'h-counter', 100)", [
      t!.id,
    ]);
    await Promise.all(
      Array.from({ length: 10 }, () =>
        db.tx(async (q) => {
          const [row] = await q.query<{ install_count: number }>(
            "SELECT install_count FROM collector_links WHERE token_hash = 'h-counter' FOR UPDATE",
          );
          await q.query("UPDATE collector_links SET install_count = $1 WHERE token_hash = 'h-counter'", [
            row!.install_count + 1,
          ]);
        }),
      ),
    );
    const [row] = await db.query<{ install_count: number }>(
      "SELECT install_count FROM collector_links WHERE token_hash = 'h-counter'",
    );
    expect(row!.install_count).toBe(10);
  });

  it('enforces one account per e-mail, stored lower-case', async () => {
    const [t] = await db.query<{ id: string }>("INSERT INTO tenants (name) VALUES ('uniq') RETURNING id");
    await db.query("INSERT INTO users (tenant_id, email) VALUES ($1, 'one@example.com')", [t!.id]);
    await expect(
      db.query("INSERT INTO users (tenant_id, email) VALUES ($1, 'one@example.com')", [t!.id]),
    ).rejects.toThrow();
    await expect(
      db.query("INSERT INTO users (tenant_id, email) VALUES ($1, 'Upper@example.com')", [t!.id]),
    ).rejects.toThrow();
  });
});

describe('PGlite persistence and migration files', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'mtd-pglite-test-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('rejects badly named migration files', async () => {
    const migrations = path.join(dir, 'migrations');
    await mkdir(migrations);
    await writeFile(path.join(migrations, '1_bad.sql'), 'SELECT 1;');
    await expect(readMigrations(migrations)).rejects.toThrow(/001_name\.sql/);
  });

  it('keeps data across restarts of a data folder', async () => {
    if (process.env.TEST_DB === 'postgres') return; // PGlite-only behaviour; PostgreSQL persists by itself
    const dataDir = path.join(dir, 'data');
    // Seeded from the run's template (an empty folder takes ~4.5 s to initialise).
    const template = inject('pgliteTemplate');
    const first = await openPglite({
      dataDir,
      ...(template ? { loadDataDir: new Blob([await readFile(template)]) } : {}),
    });
    let started = Date.now();
    await first.exec("CREATE TABLE kept (v text); INSERT INTO kept VALUES ('still here');");
    await first.close();
    started = Date.now();
    const second = await openPglite({ dataDir });
    if (process.env.DEBUG_TEST_DB) console.log(`PGlite reopened an existing folder in ${Date.now() - started} ms`);
    expect(await second.query('SELECT v FROM kept')).toEqual([{ v: 'still here' }]);
    await second.close();
  }, 60_000);
});

describe('housekeeping', () => {
  it('deletes expired single-use values, devices and long-ended sessions, keeps live ones', async () => {
    const { cleanUp } = await import('../services/housekeeping');
    const db = await createTestDatabase();
    try {
      const [t] = await db.query<{ id: string }>("INSERT INTO tenants (name) VALUES ('hk') RETURNING id");
      const [u] = await db.query<{ id: string }>(
        "INSERT INTO users (tenant_id, email) VALUES ($1, 'hk@example.com') RETURNING id",
        [t!.id],
      );
      await db.query(
        "INSERT INTO used_nonces (nonce, expires_at) VALUES ('old', now() - interval '1 minute'), ('live', now() + interval '1 minute')",
      );
      await db.query(
        "INSERT INTO remembered_devices (user_id, token_hash, expires_at) VALUES ($1, 'old', now() - interval '1 minute'), ($1, 'live', now() + interval '1 day')",
        [u!.id],
      );
      await db.query(
        "INSERT INTO sessions (user_id, tenant_id, expires_at, revoked_at) VALUES ($1, $2, now() - interval '40 days', NULL), ($1, $2, now() + interval '1 hour', NULL), ($1, $2, now() + interval '1 hour', now() - interval '1 day')",
        [u!.id, t!.id],
      );
      await cleanUp(db);
      expect((await db.query<{ nonce: string }>('SELECT nonce FROM used_nonces')).map((r) => r.nonce)).toEqual([
        'live',
      ]);
      expect(
        (await db.query<{ token_hash: string }>('SELECT token_hash FROM remembered_devices')).map((r) => r.token_hash),
      ).toEqual(['live']);
      expect(await db.query('SELECT 1 FROM sessions')).toHaveLength(2);
    } finally {
      await db.close();
    }
  });

  it('vacuums and analyses the embedded database (PGlite has no autovacuum); leaves PostgreSQL to its own', async () => {
    const { vacuumEmbeddedDatabase } = await import('../services/housekeeping');
    const db = await createTestDatabase();
    try {
      const [t] = await db.query<{ id: string }>("INSERT INTO tenants (name) VALUES ('vacuum') RETURNING id");
      await db.query(
        "INSERT INTO audit_events (tenant_id, action, details) SELECT $1, 'login', '{}'::jsonb FROM generate_series(1, 250)",
        [t!.id],
      );
      await db.query(
        "DELETE FROM audit_events WHERE action = 'login' AND tenant_id = $1 AND ctid IN (SELECT ctid FROM audit_events WHERE tenant_id = $1 LIMIT 50)",
        [t!.id],
      );
      const estimate = async () =>
        (await db.query<{ n: number }>("SELECT reltuples::int AS n FROM pg_class WHERE relname = 'audit_events'"))[0]!
          .n;
      const ran = await vacuumEmbeddedDatabase(db);
      expect(ran).toBe(db.kind === 'pglite');
      // Never analysed is -1; once analysed, the planner knows the 200 live rows.
      if (ran) expect(await estimate()).toBe(200);
    } finally {
      await db.close();
    }
  });

  it('housekeeping runs on the job queue: clean-up every CLEAN_UP_EVERY_MS, the vacuum hourly on PGlite only', async () => {
    const { registerHousekeepingJobs, CLEAN_UP_EVERY_MS, VACUUM_EVERY_MS } = await import('../services/housekeeping');
    const { JobQueue } = await import('../queue/jobQueue');
    const db = await createTestDatabase();
    try {
      let t = Date.parse('2026-01-05T10:00:00Z');
      const clock = { now: () => new Date(t) };
      const queue = new JobQueue(db, { clock });
      await registerHousekeepingJobs(queue, db, clock);
      await db.query("INSERT INTO used_nonces (nonce, expires_at) VALUES ('old', now() - interval '1 minute')");
      expect(await queue.tick()).toBe(0);
      t += CLEAN_UP_EVERY_MS;
      expect(await queue.tick()).toBe(1);
      expect(await db.query("SELECT 1 FROM used_nonces WHERE nonce = 'old'")).toEqual([]);
      t += VACUUM_EVERY_MS;
      const ran = await db.query<{ queue: string }>(
        "SELECT queue FROM queue_jobs WHERE state = 'completed' ORDER BY queue",
      );
      await queue.tick();
      const after = await db.query<{ queue: string }>(
        "SELECT DISTINCT queue FROM queue_jobs WHERE state = 'completed' ORDER BY queue",
      );
      expect(ran.map((r) => r.queue)).toEqual(['housekeeping.clean-up']);
      expect(after.map((r) => r.queue)).toEqual(
        db.kind === 'pglite' ? ['housekeeping.clean-up', 'housekeeping.vacuum'] : ['housekeeping.clean-up'],
      );
    } finally {
      await db.close();
    }
  });
});
