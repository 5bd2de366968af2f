/**
 * `npm run bench:scale`: the console's list calls as the data grows. Seeds one tenant
 * with 1 k, 10 k and 100 k devices (3 inspections and 30 observations each, every tenth with an
 * open incident), 100 k audit events (1 M from 100 k devices on) and 10,000 users, on PostgreSQL
 * (a throw-away server, as the server-pg tests start) and on PGlite (a data folder, as `npm start`),
 * growing the same tenant size after size; measures each call's p50 / p95 over HTTP with 2
 * connections, and prints the growth factor of p95 from the smallest size to the largest.
 *
 *   npm run bench:scale                                   # 1000,10000,100000 on postgres,pglite
 *   npm run bench:scale -- --sizes=1000,10000 --engines=postgres --requests=100
 *
 * The load generator runs in the API's process (two fetch loops): the figures include its share
 * of the event loop, alike for every size. Timings are printed, never asserted.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../contracts';
import { migrate } from '../db/migrate';
import { openPglite } from '../db/pglite';
import { openPostgres } from '../db/postgres';
import { generateSigningKeyPem } from '../plugins/keys';
import { encodeCursor } from '../services/listQuery';
import { hashPassword } from '../services/passwords';
import { ALL_PERMISSIONS } from '../services/users';
import { startPostgres } from '../test/postgres';

const EMAIL = 'bench-admin@scale.example';
const PASSWORD = 'Bench-Scale-Passw0rd!';
const USERS = 10_000;
const CONNECTIONS = 2;

function argument(name: string, fallback: string): string {
  const prefix = `--${name}=`;
  return process.argv.find((a) => a.startsWith(prefix))?.slice(prefix.length) ?? fallback;
}

/** Audit events for a size: 100 k, and 1 M from 100 k devices on (the issue's pairs). */
const eventsFor = (devices: number) => (devices >= 100_000 ? 1_000_000 : 100_000);

interface Seeded {
  tenantId: string;
  devices: number;
  events: number;
}

/** Grows the bench tenant to `devices` devices and `events` audit events (rows already there are kept). */
async function grow(db: Database, seeded: Seeded, devices: number, events: number): Promise<void> {
  const { tenantId } = seeded;
  for (let from = seeded.devices + 1; from <= devices; from += 5_000) {
    const to = Math.min(devices, from + 4_999);
    // Device i: model iPhone<i % 50>, inspected i seconds before 2026-11-01 (every 20th never: NULLs);
    // its 3 inspections, 10 processes each (30 observations), and an open incident on every tenth.
    await db.query(
      `WITH d AS (
         INSERT INTO gluon_devices (tenant_id, name, model_code, os_version, crash_reporter_key, last_inspection_at)
         SELECT $1, 'device-' || i, 'iPhone' || (i % 50) || ',1', '17.' || (i % 6), md5(i::text),
                CASE WHEN i % 20 = 0 THEN NULL ELSE timestamptz '2026-11-01' - make_interval(secs => i) END
           FROM generate_series($2::int, $3::int) AS i
         RETURNING id, tenant_id, name, coalesce(last_inspection_at, timestamptz '2026-01-01') AS at),
       n AS (
         INSERT INTO gluon_inspections (tenant_id, device_id, file_name, origin, status, progress, observation_count, created_at, finished_at)
         SELECT d.tenant_id, d.id, 'sysdiagnose-' || k || '.tar.gz', 'upload', 'done', 100, 10, d.at - make_interval(days => k), d.at - make_interval(days => k)
           FROM d CROSS JOIN generate_series(0, 2) AS k
         RETURNING id, device_id, created_at),
       o AS (
         INSERT INTO gluon_observations (inspection_id, device_id, kind, value, source, first_seen, last_seen)
         SELECT n.id, n.device_id, 'process', 'process-' || j, 'ps.txt', n.created_at, n.created_at FROM n CROSS JOIN generate_series(1, 10) AS j)
       INSERT INTO gluon_incidents (tenant_id, device_id, family_id, family_name)
       SELECT d.tenant_id, d.id, 'pegasus', 'Pegasus' FROM d WHERE d.name LIKE '%0'`,
      [tenantId, from, to],
    );
  }
  for (let from = seeded.events + 1; from <= events; from += 100_000) {
    const to = Math.min(events, from + 99_999);
    // Event i: by one of the 10,000 users (user-<i % 10000>), i / 10 seconds before the bench started.
    await db.query(
      `INSERT INTO audit_events (tenant_id, actor_id, action, target, ip, created_at)
       SELECT $1, u.id, CASE WHEN i % 3 = 0 THEN 'user.login' ELSE 'gluon.device.rescan' END, 'target-' || i, '10.0.0.1',
              timestamptz '2026-11-01' - make_interval(secs => i / 10.0)
         FROM generate_series($2::int, $3::int) AS i
         JOIN users u ON u.tenant_id = $1 AND u.email = 'user-' || lpad((i % ${USERS})::text, 5, '0') || '@scale.example'`,
      [tenantId, from, to],
    );
  }
  seeded.devices = devices;
  seeded.events = events;
  // As autovacuum would (PGlite has none; the API's maintenance runs daily): statistics, and the GIN pending list merged.
  for (const table of [
    'gluon_devices',
    'gluon_inspections',
    'gluon_observations',
    'gluon_incidents',
    'audit_events',
    'users',
  ])
    await db.query(`VACUUM ANALYZE ${table}`);
}

async function seedTenant(db: Database): Promise<Seeded> {
  const [tenant] = await db.query<{ id: string }>("INSERT INTO tenants (name) VALUES ('Scale bench') RETURNING id");
  const tenantId = tenant!.id;
  await db.query('INSERT INTO users (tenant_id, email, password_hash, permissions) VALUES ($1, $2, $3, $4)', [
    tenantId,
    EMAIL,
    await hashPassword(PASSWORD),
    [...ALL_PERMISSIONS],
  ]);
  await db.query(
    `INSERT INTO users (tenant_id, email, permissions, status, last_login_at)
     SELECT $1, 'user-' || lpad(i::text, 5, '0') || '@scale.example', '{gln#rpt#r}', 'active', now() - make_interval(mins => i)
       FROM generate_series(0, $2::int - 1) AS i`,
    [tenantId, USERS],
  );
  return { tenantId, devices: 0, events: 0 };
}

/**
 * fetch, once more on a network error: after minutes of seeding on PGlite (one thread, the event
 * loop busy) the keep-alive socket of the previous size may be gone when it is reused.
 */
async function fetchAgain(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch {
    return fetch(url, init);
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** p50 / p95 in ms of `requests` GETs of `url`, CONNECTIONS at a time, after a few unmeasured ones. */
async function measure(
  base: string,
  url: string,
  token: string,
  requests: number,
): Promise<{ p50: number; p95: number }> {
  const get = async () => {
    const started = performance.now();
    const res = await fetchAgain(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    return performance.now() - started;
  };
  for (let i = 0; i < 4; i++) await get();
  const times: number[] = [];
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (times.length < requests) times.push(await get());
    }),
  );
  times.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return { p50: round(percentile(times, 50)), p95: round(percentile(times, 95)) };
}

/** The issue's table of calls, for the tenant as it is now. */
async function calls(db: Database, tenantId: string): Promise<Array<[string, string]>> {
  const [device] = await db.query<{ id: string }>(
    "SELECT id FROM gluon_devices WHERE tenant_id = $1 AND name = 'device-10'",
    [tenantId],
  );
  const [incident] = await db.query<{ id: string }>('SELECT id FROM gluon_incidents WHERE device_id = $1', [
    device!.id,
  ]);
  // The deepest page the API serves (10,000 rows): the last page of a list that has fewer.
  const lastPage = async (url: string, size: number) => {
    const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${url} LIMIT 10000) c`, [tenantId]);
    return Math.max(0, Math.ceil(row!.n / size) - 1);
  };
  const devicesLast = await lastPage('SELECT 1 FROM gluon_devices WHERE tenant_id = $1', 20);
  const auditLast = await lastPage('SELECT 1 FROM audit_events WHERE tenant_id = $1', 50);
  // The list's real last page, by keyset cursor (the console's Next, however deep): `after` the
  // row just before it, found here once by OFFSET (not measured).
  const lastByCursor = async (table: string, where: string, order: string, key: string, size: number) => {
    const [counted] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${table} WHERE tenant_id = $1 ${where}`,
      [tenantId],
    );
    const [row] = await db.query<{ id: string; k: string | null }>(
      `SELECT id, (extract(epoch FROM ${key}) * 1000000)::bigint::text AS k FROM ${table} WHERE tenant_id = $1 ${where} ORDER BY ${order} OFFSET $2 LIMIT 1`,
      [tenantId, Math.max(0, counted!.n - size - 1)],
    );
    return encodeCursor(row!.k, row!.id);
  };
  const devicesCursor = await lastByCursor(
    'gluon_devices',
    '',
    'last_inspection_at DESC NULLS LAST, id',
    'last_inspection_at',
    20,
  );
  const uploadsCursor = await lastByCursor(
    'gluon_inspections',
    "AND origin <> 'rescan'",
    'created_at DESC, id',
    'created_at',
    20,
  );
  const auditCursor = await lastByCursor('audit_events', '', 'created_at DESC, id', 'created_at', 50);
  return [
    ['devices, page 0', '/gluon-backend/devices?size=20'],
    [`devices, last page (${devicesLast})`, `/gluon-backend/devices?size=20&page=${devicesLast}`],
    ['devices, last page by cursor', `/gluon-backend/devices?size=20&after=${devicesCursor}`],
    ['device search (model substring)', '/gluon-backend/devices?size=20&search=hone17'],
    ['device search (name substring)', '/gluon-backend/devices?size=20&search=ice-1234'],
    ['uploads, page 0', '/gluon-backend/uploads?size=20'],
    ['uploads, last page by cursor', `/gluon-backend/uploads?size=20&after=${uploadsCursor}`],
    ['audit, page 0', '/um/auditEvents?size=50'],
    ['audit, filtered by actor', '/um/auditEvents?size=50&actor=user-00042@'],
    [`audit, last page (${auditLast})`, `/um/auditEvents?size=50&page=${auditLast}`],
    ['audit, last page by cursor', `/um/auditEvents?size=50&after=${auditCursor}`],
    ['one device', `/gluon-backend/devices/${device!.id}`],
    ['its processes', `/gluon-backend/devices/${device!.id}/processes`],
    ['one incident', `/gluon-backend/incidents/${incident!.id}`],
    ['users list', '/um/users?size=50'],
  ];
}

interface Engine {
  name: string;
  open(): Promise<{ db: Database; env: Record<string, string>; close(): Promise<void> }>;
}

const ENGINES: Record<string, Engine> = {
  postgres: {
    name: 'PostgreSQL',
    async open() {
      const server = await startPostgres();
      const admin = new pg.Client({ connectionString: server.url });
      await admin.connect();
      await admin.query('CREATE DATABASE bench_scale');
      await admin.end();
      const url = server.url.replace(/\/postgres$/, '/bench_scale');
      const db = await openPostgres(url, { max: 10 });
      await migrate(db);
      return {
        db,
        env: { DATABASE_URL: url, PUBLIC_URL: 'https://console.bench.example' },
        // The database is closed with the app (buildApp's db override).
        close: () => server.stop(),
      };
    },
  },
  pglite: {
    name: 'PGlite',
    async open() {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'mtd-scale-'));
      const db = await openPglite({ dataDir: path.join(dir, 'db') });
      await migrate(db);
      return {
        db,
        env: {},
        close: () => rm(dir, { recursive: true, force: true }),
      };
    },
  },
};

type Row = { engine: string; call: string; size: number; events: number; p50: number; p95: number };

async function runEngine(engine: Engine, sizes: number[], requests: number): Promise<Row[]> {
  const opened = await engine.open();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mtd-scale-data-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    DEV_IDP: 'off',
    STATIC_DIR: path.join(dataDir, 'none'),
    GLUON_WORKER: 'off',
    ...opened.env,
  });
  const app = await buildApp(config, { signingKeyPem: generateSigningKeyPem(), logger: false, db: opened.db });
  const rows: Row[] = [];
  try {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const seeded = await seedTenant(opened.db);
    for (const size of sizes) {
      const started = performance.now();
      await grow(opened.db, seeded, size, eventsFor(size));
      console.log(
        `${engine.name}: ${size.toLocaleString('en-US')} devices, ${seeded.events.toLocaleString('en-US')} events seeded (${((performance.now() - started) / 1000).toFixed(0)} s)`,
      );
      // Signed in after seeding: seeding a large size can outlast an access token.
      const login = await fetchAgain(`${base}/um/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: EMAIL, password: PASSWORD }),
      });
      if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
      const token = ((await login.json()) as { token: string }).token;
      for (const [call, url] of await calls(opened.db, seeded.tenantId)) {
        const { p50, p95 } = await measure(base, url, token, requests);
        rows.push({ engine: engine.name, call: call.replace(/ \(\d+\)$/, ''), size, events: seeded.events, p50, p95 });
        console.log(`  ${call}: p50 ${p50} ms, p95 ${p95} ms`);
      }
    }
  } finally {
    await app.close();
    await opened.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  return rows;
}

function table(rows: Row[], sizes: number[]): string {
  const k = (n: number) => (n >= 1000 ? `${n / 1000} k` : String(n));
  const lines: string[] = [];
  for (const engine of [...new Set(rows.map((r) => r.engine))]) {
    const mine = rows.filter((r) => r.engine === engine);
    const heads = sizes.map((s) => `${k(s)} devices, ${k(mine.find((r) => r.size === s)?.events ?? 0)} events`);
    lines.push(`\n${engine} — p50 / p95 ms, ${CONNECTIONS} connections\n`);
    lines.push(`| call | ${heads.join(' | ')} | growth p95 ${k(sizes[0]!)} → ${k(sizes.at(-1)!)} |`);
    lines.push(`|---|${heads.map(() => '---|').join('')}---|`);
    for (const call of [...new Set(mine.map((r) => r.call))]) {
      const cells = sizes.map((s) => mine.find((r) => r.call === call && r.size === s));
      const first = cells[0]?.p95 ?? 0;
      const last = cells.at(-1)?.p95 ?? 0;
      lines.push(
        `| ${call} | ${cells.map((c) => (c ? `${c.p50} / ${c.p95}` : '—')).join(' | ')} | ${first ? (last / first).toFixed(2) : '—'}× |`,
      );
    }
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const sizes = argument('sizes', '1000,10000,100000')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0)
    .sort((a, b) => a - b);
  const engines = argument('engines', 'postgres,pglite').split(',');
  const requests = Number(argument('requests', '200'));
  if (!sizes.length || engines.some((e) => !ENGINES[e]) || !(requests >= 10))
    throw new Error('usage: --sizes=1000,10000 --engines=postgres,pglite --requests=200 (at least 10)');
  const rows: Row[] = [];
  for (const engine of engines) rows.push(...(await runEngine(ENGINES[engine]!, sizes, requests)));
  console.log(table(rows, sizes));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
