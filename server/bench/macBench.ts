/**
 * `npx tsx server/bench/macBench.ts` (electron's part of `npm run bench`): an Aftermath archive of
 * ~100 MB (BENCH_MAC_MB) generated here — the sample's artefacts (a flagged launch agent, a risky
 * TCC grant) plus what makes real archives big: a metadata.csv file timeline of several hundred
 * thousand lines, long browser histories, lsof and a deep process tree, unified-log text, and raw
 * copies electron does not read — then inspected end to end as the API runs it: stored with
 * sha256 through electron's upload, the `electron.inspect` job (zip checks, readers, heuristics,
 * matching against the MVT bundles and the example macOS rule set, the Mac, observations,
 * findings, incidents and the report written to PGlite). Target: 10 s on the shared 2-core
 * machine. The inspection runs in a child process so its peak RSS and RSS growth are its own.
 * BENCH_MAC_PROFILE=1 writes a V8 CPU profile of the child (--cpu-prof) to the working folder.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';

import { migrate } from '../db/migrate';
import { openPglite } from '../db/pglite';
import { registerElectronJobs } from '../modules/electron/jobs';
import { receiveArchive } from '../modules/electron/services/archives';
import { createFsStorage } from '../modules/gluon/services/fileStorage';
import { importRuleSet } from '../modules/gluon/services/ruleSets';
import { aftermathZip, exampleMacBundle, MAC_SAMPLE } from '../modules/inspection/aftermath/aftermathSamples';
import { createZip, type TestZipEntry } from '../modules/inspection/android/testZip';
import { FIXTURE_BUNDLES, readFixtureBundle } from '../modules/inspection/indicatorFixtures';
import { JobQueue } from '../queue';

const TARGET_SECONDS = 10;
const targetMb = Number(process.env.BENCH_MAC_MB ?? 100);
if (!Number.isFinite(targetMb) || targetMb < 5 || targetMb > 1000) throw new Error('BENCH_MAC_MB must be 5..1000');
const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
const mib = (bytes: number): string => `${(bytes / 1024 ** 2).toFixed(1)} MiB`;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const stamp = (i: number) =>
  `2024-${pad(1 + (i % 12))}-${pad(1 + (i % 28))} ${pad(i % 24)}:${pad(i % 60)}:${pad((i * 7) % 60)}`;

/** Lines of text up to `bytes`, each made by `line(i)`. */
function text(bytes: number, head: string, line: (i: number) => string): Buffer {
  const parts: string[] = [head];
  let size = head.length;
  for (let i = 0; size < bytes; i++) {
    const l = line(i);
    parts.push(l);
    size += l.length + 1;
  }
  return Buffer.from(`${parts.join('\n')}\n`);
}

/** The sample's entries (under its `Aftermath_<serial>/`) plus the bulk, as one zip of about `mb` MiB. */
async function generate(file: string, mb: number): Promise<void> {
  const started = performance.now();
  const sample = await aftermathZip();
  // The sample's own entries are re-read from its zip by the readers' code path: simplest is to
  // keep them as they are and append the bulk beside them in a second archive of the same root.
  const { openZip } = await import('../modules/inspection/android/safeZip');
  const { AFTERMATH_LIMITS } = await import('../modules/inspection/aftermath/readAftermath');
  const zip = await openZip(sample, AFTERMATH_LIMITS);
  const root = `Aftermath_${MAC_SAMPLE.serial}/`;
  const sampleFiles = new Map<string, Buffer>();
  for (const e of zip.entries) if (!e.directory) sampleFiles.set(e.path, await zip.read(e));
  zip.close();
  const budget = mb * 1024 ** 2;
  // A pool of random words (one randomBytes per line took minutes): names vary, text still compresses like text.
  const pool = Array.from({ length: 65_536 }, () => randomBytes(12).toString('hex'));
  let draw = 0;
  const hex = (n: number) => pool[draw++ & 0xffff]!.slice(0, n * 2);
  const entries: TestZipEntry[] = [];
  /** The bulk after the sample's own lines of the same file (the readers see one file, the sample's rows first). */
  const bulk = (name: string, data: Buffer) => {
    const own = sampleFiles.get(`${root}${name}`);
    sampleFiles.delete(`${root}${name}`);
    entries.push({
      name: `${root}${name}`,
      data: own ? Buffer.concat([own, data.subarray(data.indexOf(10) + 1)]) : data,
    });
  };
  // metadata.csv: Aftermath's file timeline (path,birth,modified,accessed,permissions,uid,gid,size).
  const metadata = text(
    budget * 0.5,
    'file,birth,modified,accessed,permissions,uid,gid,downloadedFrom',
    (i) =>
      `/Users/alex/Library/Caches/com.example.app${i % 500}/${hex(10)}/${hex(6)}.cache,${stamp(i)},${stamp(i + 1)},${stamp(i + 2)},-rw-r--r--,501,20,`,
  );
  bulk('Artifacts/metadata.csv', metadata);
  const history = text(
    budget * 0.04,
    'datetime,user,profile,url',
    (i) => `${stamp(i)},alex,Default,https://site${i % 5000}.example.com/${hex(8)}?q=${i},x`,
  );
  bulk('Browser/Safari/history_output.csv', history);
  bulk('Browser/Chrome/history_output.csv', history);
  const lsof = text(
    budget * 0.05,
    'COMMAND     PID  USER   FD   TYPE             DEVICE SIZE/OFF NODE NAME',
    (i) =>
      `proc${i % 300}    ${1000 + (i % 300)}  alex   ${i % 90}u  IPv4 0x${hex(8)}      0t0  TCP 192.168.1.20:${40000 + (i % 20000)}->host${i % 3000}.cdn.example.net:443 (ESTABLISHED)`,
  );
  bulk('Network/lsof_output.txt', lsof);
  const tree = text(
    budget * 0.01,
    '/sbin/launchd 1',
    (i) => `${'    '.repeat(1 + (i % 6))}/Applications/App${i % 400}.app/Contents/MacOS/App${i % 400} ${100 + i}`,
  );
  bulk('Processes/true_tree_output.txt', tree);
  const log = text(
    budget * 0.2,
    'Timestamp                       Thread     Type        Activity             PID    TTL',
    (i) =>
      `${stamp(i)}.${pad(i % 1000, 6)}-0700 0x${hex(3)}   Default     0x0                  ${100 + (i % 900)}    0    proc${i % 300}: (Security) event ${hex(12)} value=${i}`,
  );
  // Aftermath's tccd predicate: the chattiest of its defaults on a real Mac.
  bulk('UnifiedLog/tcc.txt', log);
  for (const [name, data] of sampleFiles) entries.push({ name, data });
  // Raw copies Aftermath takes whole (caches, databases of apps we do not read): stored, not read,
  // as many as bring the zip to the size asked.
  // The text deflates to about a fifth (measured on this generator's output): estimated rather
  // than deflated twice (generation is not what is measured, but it should not take minutes).
  const raw = Math.max(0, budget - entries.reduce((n, e) => n + Math.round((e.data?.length ?? 0) / 5), 0));
  for (let i = 0; i * 4 * 1024 ** 2 < raw; i++)
    entries.push({
      name: `${root}Artifacts/raw/app_caches/blob_${i}.bin`,
      data: randomBytes(Math.min(4 * 1024 ** 2, raw - i * 4 * 1024 ** 2)),
      method: 'store',
    });
  const out = createZip(entries);
  await writeFile(file, out);
  console.log(
    `Generated an Aftermath archive of ${mib(out.length)} (${mib(metadata.length)} metadata.csv, ${mib(history.length * 2)} browser history, ${mib(lsof.length)} lsof, ${mib(log.length)} unified log) in ${seconds(performance.now() - started)} (not counted)`,
  );
}

/** The child: electron's pipeline over the generated file, printing its time and its own RSS. */
async function inspect(file: string): Promise<void> {
  const store = await mkdtemp(path.join(os.tmpdir(), 'electron-bench-'));
  const db = await openPglite();
  try {
    await migrate(db);
    const [tenant] = await db.query<{ id: string }>("INSERT INTO tenants (name) VALUES ('bench') RETURNING id");
    const [user] = await db.query<{ id: string }>(
      "INSERT INTO users (tenant_id, email, password_hash, permissions) VALUES ($1, 'bench@example.com', 'x', '{}') RETURNING id",
      [tenant!.id],
    );
    for (const name of FIXTURE_BUNDLES)
      await importRuleSet(db, { tenantId: tenant!.id, userId: null, bundle: readFixtureBundle(name) });
    await importRuleSet(db, { tenantId: tenant!.id, userId: null, bundle: exampleMacBundle() });
    const storage = createFsStorage(store);
    const queue = new JobQueue(db);
    registerElectronJobs(queue, { db, storage, log: Fastify({ logger: false }).log });
    const peakBefore = process.resourceUsage().maxRSS * 1024;
    const residentBefore = process.memoryUsage().rss;
    const size = (await stat(file)).size;
    const data = await readFile(file);
    const started = performance.now();
    const archive = await receiveArchive(db, storage, queue, {
      tenantId: tenant!.id,
      userId: user!.id,
      fileName: path.basename(file),
      body: Readable.from([data]),
      maxBytes: 2 * 1024 ** 3,
    });
    const storedMs = performance.now() - started;
    await queue.tick();
    const totalMs = performance.now() - started;
    const [row] = await db.query<{
      status: string;
      error: string | null;
      observation_count: number;
      finding_count: number;
    }>('SELECT status, error, observation_count, finding_count FROM gluon_inspections WHERE id = $1', [
      archive.inspectionId,
    ]);
    const [mac] = await db.query<{ heuristic_level: string; heuristics: number; timeline: number }>(
      `SELECT heuristic_level, jsonb_array_length(report->'heuristics') AS heuristics, jsonb_array_length(report->'timeline') AS timeline
       FROM electron_archives WHERE inspection_id = $1`,
      [archive.inspectionId],
    );
    const [incidents] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM gluon_incidents');
    const peak = process.resourceUsage().maxRSS * 1024;
    console.log(
      `Aftermath archive ${mib(size)} through electron's pipeline (PGlite): stored with sha256 in ${seconds(storedMs)}, inspection ${row?.status}${row?.error ? ` (${row.error})` : ''}: ` +
        `${row?.observation_count} distinct observations, ${row?.finding_count} findings, ${mac?.heuristics} heuristics (level ${mac?.heuristic_level}), ` +
        `${mac?.timeline} timeline events, ${incidents?.n} incidents in ${seconds(totalMs)} end to end — target ${TARGET_SECONDS} s: ${totalMs <= TARGET_SECONDS * 1000 ? 'met' : 'MISSED'}`,
    );
    console.log(
      `RSS of the inspecting process: peak ${mib(peak)}, growth ${mib(Math.max(0, peak - peakBefore))} over the peak before the upload (${mib(peakBefore)}: PGlite migrated, rule sets imported); ` +
        `resident ${mib(residentBefore)} before, ${mib(process.memoryUsage().rss)} after; the zip (${mib(size)}) is read in place`,
    );
  } finally {
    await db.close();
    await rm(store, { recursive: true, force: true });
  }
}

const child = process.env.MAC_BENCH_FILE;
if (child) {
  await inspect(child);
} else {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mac-bench-'));
  try {
    // BENCH_MAC_FILE: an archive generated before (BENCH_MAC_KEEP=1 keeps one and prints where), to profile without waiting.
    const file = process.env.BENCH_MAC_FILE ?? path.join(dir, `Aftermath_${MAC_SAMPLE.serial}.zip`);
    if (!process.env.BENCH_MAC_FILE) await generate(file, targetMb);
    if (process.env.BENCH_MAC_KEEP === '1' && !process.env.BENCH_MAC_FILE) {
      const kept = path.join(os.tmpdir(), `mac-bench-${targetMb}.zip`);
      await writeFile(kept, await readFile(file));
      console.log(`Kept the archive as ${kept} (BENCH_MAC_FILE=${kept} measures it again)`);
    }
    const self = fileURLToPath(import.meta.url);
    const profile = process.env.BENCH_MAC_PROFILE === '1' ? ['--cpu-prof', `--cpu-prof-dir=${process.cwd()}`] : [];
    execFileSync(process.execPath, [...process.execArgv, ...profile, self], {
      stdio: 'inherit',
      env: { ...process.env, MAC_BENCH_FILE: file },
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
