/**
 * `npx tsx server/bench/neutrinoBench.ts`: neutrino's hunt at fleet scale. Seeds
 * synthetic observations into gluon_observations (1,000 devices, inspections of 100 observations:
 * processes, app paths, domains, app ids; a rare `helperd` on 20 devices), then times hunts by
 * mode through the service the API calls (huntDevices: grouped by device, first page of 25) and,
 * at the largest size, a sweep of 10,000 indicators. Contains hunts are timed twice: through the
 * value dictionary (neutrino_values, migration 017: the default) and directly on the observations'
 * trigram index (`dictionaryLimit: 0`, as before it), checking both give the same page.
 * PGlite by default; BENCH_DATABASE=postgres starts a throw-away PostgreSQL (DATABASE_URL: an
 * existing one). BENCH_NTR_SIZES (default
 * "100000,1000000") are the observation counts measured, in growing order on one database.
 */
import { readFile } from 'node:fs/promises';

import type { Database } from '../contracts';
import { migrate } from '../db/migrate';
import { openPglite } from '../db/pglite';
import { openPostgres } from '../db/postgres';
import { huntDevices, type HuntOptions } from '../modules/neutrino/services/hunt';
import type { HuntQuery } from '../modules/neutrino/services/huntQuery';
import { pruneHuntValues } from '../modules/neutrino/services/huntValues';
import { sweep } from '../modules/neutrino/services/sweep';
import { startPostgres } from '../test/postgres';

const sizes = (process.env.BENCH_NTR_SIZES ?? '100000,1000000').split(',').map(Number);
if (sizes.some((n) => !Number.isInteger(n) || n < 1000) || sizes.some((n, i) => i > 0 && n <= sizes[i - 1]!))
  throw new Error('BENCH_NTR_SIZES: growing integers ≥ 1000');
const RUNS = Number(process.env.BENCH_NTR_RUNS ?? 30);
const DEVICES = 1000;
const PER_INSPECTION = 100;

const server = process.env.BENCH_DATABASE === 'postgres' && !process.env.DATABASE_URL ? await startPostgres() : null;
const url = process.env.DATABASE_URL ?? server?.url;
const db: Database = url ? await openPostgres(url) : await openPglite();
await migrate(db);
const [{ id: tenantId }] = (await db.query<{ id: string }>(
  "INSERT INTO tenants (name) VALUES ('Neutrino bench') RETURNING id",
)) as [{ id: string }];
await db.query(
  `INSERT INTO gluon_devices (tenant_id, name) SELECT $1, 'Device ' || g FROM generate_series(1, ${DEVICES}) g`,
  [tenantId],
);

let seeded = 0;
/** Neutrino's indexes on gluon_observations (migration 010): dropped while seeding, built once after (as a bulk load would). */
const INDEXES = (await readFile(new URL('../db/migrations/010_neutrino.sql', import.meta.url), 'utf8')).match(
  /CREATE INDEX IF NOT EXISTS neutrino_observations[^;]+;/g,
)!;
/** The value dictionary's indexes (migration 017): its trigger is off while seeding, the dictionary rebuilt after (INSERT SELECT DISTINCT). */
const DICTIONARY_INDEXES = (
  await readFile(new URL('../db/migrations/017_neutrino_values.sql', import.meta.url), 'utf8')
).match(/CREATE INDEX neutrino_values[^;]+;/g)!;

/** One inspection per device at a time, each with PER_INSPECTION observations of four kinds. */
async function seedTo(target: number): Promise<void> {
  await db.query('DROP INDEX IF EXISTS neutrino_observations_value');
  await db.query('DROP INDEX IF EXISTS neutrino_observations_value_trgm');
  await db.query('ALTER TABLE gluon_observations DISABLE TRIGGER neutrino_values_add');
  while (seeded < target) {
    const inspections = Math.min(DEVICES, Math.ceil((target - seeded) / PER_INSPECTION));
    await db.query(
      `INSERT INTO gluon_inspections (tenant_id, device_id, origin, status, created_at, finished_at)
       SELECT $1, id, 'upload', 'done', now() - (random() * 365) * interval '1 day', now() FROM gluon_devices WHERE tenant_id = $1 ORDER BY random() LIMIT $2`,
      [tenantId, inspections],
    );
    await db.query(
      `INSERT INTO gluon_observations (inspection_id, device_id, kind, value, source, line, first_seen, last_seen)
       SELECT i.id, i.device_id,
              (ARRAY['process', 'path', 'domain', 'bundleId'])[g % 4 + 1],
              CASE g % 4
                WHEN 0 THEN 'proc' || (abs(hashtext(i.id::text || g)) % 50000)
                WHEN 1 THEN '/private/var/containers/Bundle/Application/' || (abs(hashtext(i.id::text || g)) % 200000) || '/App.app'
                WHEN 2 THEN 'host' || (abs(hashtext(i.id::text || g)) % 100000) || '.cdn' || (abs(hashtext(i.id::text || g)) % 500) || '.example.com'
                ELSE 'com.vendor' || (abs(hashtext(i.id::text || g)) % 3000) || '.app' || g
              END,
              'bench.txt', g, i.created_at, i.created_at
       FROM gluon_inspections i CROSS JOIN generate_series(1, ${PER_INSPECTION}) g
       WHERE i.tenant_id = $1 AND i.observation_count = 0
       ON CONFLICT DO NOTHING`,
      [tenantId],
    );
    await db.query(
      'UPDATE gluon_inspections SET observation_count = 1 WHERE tenant_id = $1 AND observation_count = 0',
      [tenantId],
    );
    const [{ n }] = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM gluon_observations')) as [
      { n: number },
    ];
    seeded = n;
    if (process.env.BENCH_VERBOSE) console.log(`  ${seeded.toLocaleString('en-US')} observations`);
  }
  // The rare process of the story: 20 devices ran helperd.
  await db.query(
    `INSERT INTO gluon_observations (inspection_id, device_id, kind, value, source, line, first_seen, last_seen)
     SELECT DISTINCT ON (device_id) id, device_id, 'process', 'helperd', 'ps.txt', 1, created_at, created_at FROM gluon_inspections WHERE tenant_id = $1 ORDER BY device_id LIMIT 20
     ON CONFLICT DO NOTHING`,
    [tenantId],
  );
  const indexing = performance.now();
  for (const sql of INDEXES) await db.query(sql);
  await db.query('ANALYZE gluon_observations');
  console.log(`  indexes built in ${((performance.now() - indexing) / 1000).toFixed(1)} s`);
  const building = performance.now();
  await db.query('DROP INDEX IF EXISTS neutrino_values_kind_value');
  await db.query('DROP INDEX IF EXISTS neutrino_values_trgm');
  await db.query('TRUNCATE neutrino_values');
  await db.query('INSERT INTO neutrino_values (kind, value) SELECT DISTINCT kind, value FROM gluon_observations');
  for (const sql of DICTIONARY_INDEXES) await db.query(sql);
  await db.query('ANALYZE neutrino_values');
  await db.query('ALTER TABLE gluon_observations ENABLE TRIGGER neutrino_values_add');
  const [{ n }] = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM neutrino_values')) as [{ n: number }];
  dictionary = n;
  console.log(
    `  value dictionary: ${n.toLocaleString('en-US')} distinct values, built with its indexes in ${((performance.now() - building) / 1000).toFixed(1)} s`,
  );
}
let dictionary = 0;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

interface Timing {
  p50: number;
  p95: number;
  devices: number;
  /** The last page (JSON), to compare the paths; null when a run hit the 5 s budget. */
  page: string | null;
  stopped: number;
}

/**
 * Times a hunt under each of `variants` (options of huntDevices), interleaved run by run so that
 * the machine's load falls on all of them alike. A run stopped by PostgreSQL's 5 s budget (503)
 * counts as 5 s and is reported.
 */
async function time(query: HuntQuery, variants: HuntOptions[], runs = RUNS): Promise<Timing[]> {
  const times = variants.map((): number[] => []);
  const out = variants.map((): Timing => ({ p50: 0, p95: 0, devices: 0, page: '', stopped: 0 }));
  for (let i = 0; i < runs; i++) {
    for (const [v, options] of variants.entries()) {
      const started = performance.now();
      try {
        const result = await huntDevices(db, tenantId, query, { size: 25 }, options);
        out[v]!.devices = result.items.length;
        if (out[v]!.page !== null) out[v]!.page = JSON.stringify(result);
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode !== 503) throw error;
        out[v]!.stopped++;
        out[v]!.page = null;
      }
      times[v]!.push(performance.now() - started);
    }
  }
  return out.map((o, v) => {
    const sorted = times[v]!.sort((a, b) => a - b);
    return { ...o, p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
  });
}

const ms = (t: Timing, p: 'p50' | 'p95') =>
  `${t[p].toFixed(1)} ms${p === 'p95' && t.stopped ? ` (${t.stopped} stopped at 5 s)` : ''}`;

const CASES: Array<[string, HuntQuery]> = [
  // proc77 and Application/777… exist from the first size on (hashes spread over 50,000 and 200,000 values).
  ['exact process', { mode: 'exact', value: 'proc77', kinds: ['process'] }],
  ['exact, any kind (rare)', { mode: 'exact', value: 'helperd' }],
  ['prefix path', { mode: 'prefix', value: '/private/var/containers/Bundle/Application/777' }],
  ['contains (rare)', { mode: 'contains', value: 'helperd' }],
  ['contains domain', { mode: 'contains', value: '.cdn42.example' }],
  // cdn42 and cdn420–cdn429: 11 times as many values (2,200 at 10 M), past the dictionary's limit there.
  ['contains cdn42', { mode: 'contains', value: 'cdn42', kinds: ['domain'] }],
];
/** A substring in a quarter of the rows: every match is counted, so it is timed a few times only. */
const LARGE: [string, HuntQuery] = ['contains example.com (a quarter)', { mode: 'contains', value: 'example.com' }];
const LARGE_RUNS = Number(process.env.BENCH_NTR_LARGE_RUNS ?? 3);

const engine = db.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
const rows: string[] = [];
for (const size of sizes) {
  const started = performance.now();
  await seedTo(size);
  console.log(
    `${engine}: ${seeded.toLocaleString('en-US')} observations seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  for (const [name, query] of [...CASES, LARGE]) {
    const runs = query === LARGE[1] ? LARGE_RUNS : RUNS;
    if (runs === 0) continue;
    // Contains: also without the dictionary (dictionaryLimit 0, as before migration 017) and
    // through it whatever the number of values (what the limit is measured by); same page or the bench fails.
    const variants: HuntOptions[] =
      query.mode === 'contains' ? [{}, { dictionaryLimit: 0 }, { dictionaryLimit: 1_000_000 }] : [{}];
    const [r, direct, forced] = (await time(query, variants, runs)) as [Timing, Timing?, Timing?];
    let line = `| ${engine} | ${seeded.toLocaleString('en-US')} | ${name} | ${ms(r, 'p50')} | ${ms(r, 'p95')} | ${r.devices} |`;
    if (direct && forced) {
      for (const other of [direct, forced])
        if (r.page !== null && other.page !== null && other.page !== r.page)
          throw new Error(`${name}: the paths gave different pages`);
      line += ` ${ms(direct, 'p50')} / ${ms(direct, 'p95')} | ${ms(forced, 'p50')} / ${ms(forced, 'p95')} |`;
    }
    rows.push(line);
    console.log(line);
  }
  console.log(`  (${dictionary.toLocaleString('en-US')} distinct values in the dictionary)`);
  if (process.env.BENCH_VERBOSE) {
    const plan = await db.query<Record<string, string>>(
      "EXPLAIN ANALYZE WITH m AS MATERIALIZED (SELECT kind, value FROM neutrino_values WHERE value ILIKE '%.cdn42.example%') SELECT value FROM m LIMIT 2001",
    );
    console.log(plan.map((r) => Object.values(r)[0]).join('\n'));
  }
}

// A sweep of 10,000 indicators (a few of them seen) over everything seeded.
const values = Array.from({ length: 10_000 }, (_, i) => (i % 1000 === 0 ? `proc${i}` : `nohit-${i}-agent`)).join('\n');
const started = performance.now();
const result = await sweep(db, tenantId, { values, type: 'process:name' });
const sweepLine = `| ${engine} | ${seeded.toLocaleString('en-US')} | sweep of 10,000 process names | ${(performance.now() - started).toFixed(0)} ms (once) | | ${result.devices.length} |`;
rows.push(sweepLine);
console.log(sweepLine);

// The trigger's cost on an inspection's write: 6,000 observations in batches of 2,000 (as
// inspectionRunner stores them), half of them values already in the dictionary, half new, with the
// trigger and without; each write rolled back. Alternating rounds, the median of each.
const WRITE_ROUNDS = 7;
const writes: Record<'on' | 'off', number[]> = { on: [], off: [] };
const [device] = (await db.query<{ id: string }>('SELECT id FROM gluon_devices WHERE tenant_id = $1 LIMIT 1', [
  tenantId,
])) as [{ id: string }];
const known = (
  await db.query<{ kind: string; value: string }>('SELECT kind, value FROM neutrino_values ORDER BY value LIMIT 3000')
).map((r) => [r.kind, r.value] as const);
for (let round = 0; round < WRITE_ROUNDS * 2; round++) {
  const trigger = round % 2 === 0 ? 'on' : 'off';
  const fresh = Array.from({ length: 3000 }, (_, i) => ['process', `fresh-${round}-${i}-daemon`] as const);
  const all = [...known, ...fresh];
  const started = performance.now();
  await db
    .tx(async (q) => {
      if (trigger === 'off') await q.query('ALTER TABLE gluon_observations DISABLE TRIGGER neutrino_values_add');
      const [{ id }] = (await q.query<{ id: string }>(
        "INSERT INTO gluon_inspections (tenant_id, device_id, origin, status) VALUES ($1, $2, 'upload', 'done') RETURNING id",
        [tenantId, device.id],
      )) as [{ id: string }];
      for (let i = 0; i < all.length; i += 2000) {
        const part = all.slice(i, i + 2000);
        await q.query(
          `INSERT INTO gluon_observations (inspection_id, device_id, kind, value, source, line) SELECT $1, $2, k, v, 'bench.txt', 1
           FROM unnest($3::text[], $4::text[]) AS u(k, v) ON CONFLICT DO NOTHING`,
          [id, device.id, part.map((o) => o[0]), part.map((o) => o[1])],
        );
      }
      writes[trigger].push(performance.now() - started);
      throw new Error('rollback');
    })
    .catch((error: unknown) => {
      if ((error as Error).message !== 'rollback') throw error;
    });
}
const median = (list: number[]) =>
  percentile(
    [...list].sort((a, b) => a - b),
    50,
  );
const writeLine = `| ${engine} | ${seeded.toLocaleString('en-US')} | inspection write of 6,000 observations (3,000 new values), median of ${WRITE_ROUNDS} | ${median(writes.on).toFixed(0)} ms with the trigger | ${median(writes.off).toFixed(0)} ms without | |`;
rows.push(writeLine);
console.log(writeLine);

// Housekeeping's pruning of the dictionary: with nothing to remove, the cost of checking every entry.
const pruning = performance.now();
const pruned = await pruneHuntValues(db);
const pruneLine = `| ${engine} | ${seeded.toLocaleString('en-US')} | prune the value dictionary (${dictionary.toLocaleString('en-US')} values) | ${(performance.now() - pruning).toFixed(0)} ms (once) | | ${pruned} removed |`;
rows.push(pruneLine);
console.log(pruneLine);

console.log(
  `\n| Engine | Observations | Hunt | p50 | p95 | Devices on page 1 | Without the dictionary p50 / p95 | Dictionary, no limit p50 / p95 |\n|---|---|---|---|---|---|---|---|\n${rows.join('\n')}`,
);
await db.close();
await server?.stop();
