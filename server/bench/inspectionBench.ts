/**
 * `npx tsx server/bench/inspectionBench.ts`: the inspection engine's throughput.
 * 1. Observations matched per second against the three public MVT bundles (server/assets/indicators).
 * 2. A generated sysdiagnose-like archive of 10,000 crash reports: the bare pass (gunzip, tar walk,
 *    JSON.parse of each report: what any reader must do, the limit) and `inspectArchive` (the same,
 *    plus extracting and matching 270,000 observations) in alternating rounds, the best of each,
 *    and their ratio (at least 0.6); then the same archive unpacked to a temporary
 *    folder and read back from disk.
 * 3. Matching cost against the number of indicators: the three bundles vs 100,000 made-up ones.
 * 4. The same archive through gluon's pipeline as the API runs it: upload into the file storage
 *    (sha256), the worker's job (extract, match, store observations, findings, incidents) on PGlite.
 * 5. A table: the bare pass, inspectArchive and the pipeline, each as a share of the bare pass.
 * BENCH_REPORTS changes the number of crash reports (default 10000); BENCH_ROUNDS the rounds of
 * step 2 (default 3).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';

import { receiveUpload } from '../modules/gluon/services/uploads';
import { tarBytes } from '../modules/inspection/archiveBytes';
import { extractArtefact } from '../modules/inspection/artefacts';
import { FIXTURE_BUNDLES, readFixtureBundle } from '../modules/inspection/indicatorFixtures';
import { inspectArchive } from '../modules/inspection/inspectArchive';
import { buildMatcher } from '../modules/inspection/matcher';
import { DEFAULT_ARCHIVE_LIMITS, extractArchive } from '../modules/inspection/safeArchive';
import { crashIps, jetsamIps, shutdownLogText } from '../modules/inspection/sampleArtefacts';
import { parseStixBundle } from '../modules/inspection/stixBundle';
import { readTar } from '../modules/inspection/tarReader';
import { createTarGz, type TarWriterEntry } from '../modules/inspection/tarWriter';
import type { Indicator, Observation } from '../modules/inspection/types';
import { withBenchPipeline } from './benchPipeline';

const TARGET_SECONDS = 10;
/** inspectArchive's throughput as a share of the bare pass's. */
const TARGET_RATIO = 0.6;
const reports = Number(process.env.BENCH_REPORTS ?? 10_000);
if (!Number.isInteger(reports) || reports < 1 || reports > 200_000) throw new Error('BENCH_REPORTS must be 1..200000');
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
if (!Number.isInteger(rounds) || rounds < 1 || rounds > 20) throw new Error('BENCH_ROUNDS must be 1..20');

const fmt = (n: number): string => Math.round(n).toLocaleString('en-US');
const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

// --- 1. matching throughput ---------------------------------------------------------------
let started = performance.now();
const ruleSets = FIXTURE_BUNDLES.map((name) => parseStixBundle(readFixtureBundle(name)));
const indicators = ruleSets.flatMap((r) => r.indicators);
const matcher = buildMatcher(indicators);
console.log(
  `Rule sets: ${ruleSets.map((r) => `${r.name} (${r.indicators.length})`).join(', ')} parsed and indexed in ${(performance.now() - started).toFixed(1)} ms`,
);

// A realistic mix: mostly clean system processes, paths and domains, one in a hundred a hit.
const sample: Observation[] = [];
for (let i = 0; i < 10_000; i++) {
  const hit = i % 100 === 0;
  const o = (kind: Observation['kind'], value: string): Observation => ({ kind, value, source: 'bench' });
  switch (i % 4) {
    case 0:
      sample.push(o('process', hit ? 'BackupAgent' : `daemon${i}`));
      break;
    case 1:
      sample.push(
        o('path', hit ? '/var/tmp/icloud_dump/x.db' : `/System/Library/PrivateFrameworks/F${i}.framework/F${i}`),
      );
      break;
    case 2:
      sample.push(o('domain', hit ? 'a.cdn.cdncounter.net' : `api${i}.apple.com`));
      break;
    default:
      sample.push(o('bundleId', `com.apple.app${i}`));
  }
}
let matched = 0;
let findings = 0;
started = performance.now();
while (performance.now() - started < 2_000) {
  for (const observation of sample) findings += matcher.match(observation).length;
  matched += sample.length;
}
const matchMs = performance.now() - started;
console.log(
  `Matching: ${fmt((matched / matchMs) * 1000)} observations/s against ${indicators.length} indicators (${fmt(matched)} matched, ${fmt(findings)} findings)`,
);

// --- 2. archive end to end -----------------------------------------------------------------
started = performance.now();
const dir = 'sysdiagnose_bench';
const entries: TarWriterEntry[] = [
  {
    path: `${dir}/system_logs.logarchive/Extra/shutdown.log`,
    data: shutdownLogText([
      {
        epoch: 1_700_000_000,
        clients: [{ pid: 7, path: '/private/var/db/com.apple.xpc.roleaccountd.staging/subridged', times: 3 }],
      },
    ]),
  },
  { path: `${dir}/crashes_and_spins/JetsamEvent.ips`, data: jetsamIps(['SpringBoard', 'BackupAgent']) },
];
const libraries = Array.from({ length: 24 }, (_, i) => `/System/Library/PrivateFrameworks/Lib${i}.framework/Lib${i}`);
for (let i = 0; i < reports; i++) {
  const name = `proc${i % 500}`;
  entries.push({
    path: `${dir}/crashes_and_spins/${name}-2023-06-01-${String(i).padStart(6, '0')}.ips`,
    data: crashIps({
      procName: name,
      procPath: `/usr/libexec/${name}`,
      bundleId: `com.apple.${name}`,
      images: [
        `/usr/libexec/${name}`,
        ...libraries,
        ...(i === reports - 1 ? ['/private/var/tmp/icloud_dump/loader.dylib'] : []),
      ],
    }),
  });
}
const archive = createTarGz(entries);
console.log(
  `Generated ${fmt(entries.length)} entries: ${(archive.length / 1024 ** 2).toFixed(1)} MiB gzip in ${seconds(performance.now() - started)} (not counted)`,
);

/**
 * The parsing limit: gunzip, the tar walk and JSON.parse of each report's header and body, with
 * nothing extracted or matched. Reports/s below are all per crash report (BENCH_REPORTS).
 */
async function barePass(): Promise<number> {
  let parsed = 0;
  for await (const entry of readTar(tarBytes(archive), DEFAULT_ARCHIVE_LIMITS)) {
    if (entry.type !== 'file' || !entry.path.endsWith('.ips')) continue;
    const text = (await entry.read()).toString('utf8');
    const newline = text.indexOf('\n');
    JSON.parse(text.slice(0, newline));
    JSON.parse(text.slice(newline + 1));
    parsed += 1;
  }
  return parsed;
}
const rate = (ms: number): string => `${fmt((reports / ms) * 1000)} reports/s`;

// Alternating rounds, the best of each: on a shared machine another job's burst then slows one
// round of both rather than all of one.
let bareMs = Infinity;
let memoryMs = Infinity;
let parsed = 0;
let report: Awaited<ReturnType<typeof inspectArchive>> | undefined;
for (let round = 0; round < rounds; round++) {
  started = performance.now();
  parsed = await barePass();
  bareMs = Math.min(bareMs, performance.now() - started);
  started = performance.now();
  report = await inspectArchive(archive, matcher);
  memoryMs = Math.min(memoryMs, performance.now() - started);
}
const ratio = bareMs / memoryMs;
console.log(
  `Bare pass (gunzip + tar walk + JSON.parse of ${fmt(parsed)} .ips reports): ${seconds(bareMs)} (${rate(bareMs)}), best of ${rounds}`,
);
console.log(
  `inspectArchive in memory: ${fmt(report!.archive.entries)} entries (${(report!.archive.totalBytes / 1024 ** 2).toFixed(1)} MiB) read, ` +
    `${fmt(report!.observations)} observations extracted and matched, ${report!.findings.length} findings + ${report!.heuristics.length} heuristic findings ` +
    `in ${seconds(memoryMs)} (${rate(memoryMs)}), best of ${rounds}: ${ratio.toFixed(2)} of the bare pass — target ${TARGET_RATIO}: ${ratio >= TARGET_RATIO ? 'met' : 'MISSED'}`,
);

const work = await mkdtemp(path.join(os.tmpdir(), 'inspection-bench-'));
try {
  started = performance.now();
  const extracted = await extractArchive(archive, work);
  const unpackMs = performance.now() - started;
  let diskObservations = 0;
  let diskFindings = 0;
  for (const artefact of extracted.artefactFiles) {
    const result = extractArtefact(artefact.path, await readFile(artefact.file));
    diskObservations += result.observations.length;
    for (const observation of result.observations) diskFindings += matcher.match(observation).length;
  }
  const diskMs = performance.now() - started;
  console.log(
    `On disk: ${fmt(extracted.files.length)} files unpacked in ${seconds(unpackMs)}, then ${fmt(diskObservations)} observations, ` +
      `${diskFindings} findings: ${seconds(diskMs)} in all (for comparison only: the pipeline reads archives in memory and never unpacks them to disk)`,
  );
} finally {
  await rm(work, { recursive: true, force: true });
}

// --- 3. matching cost against the number of indicators --------------------------------------
const synthetic: Indicator[] = [];
const family = { id: 'malware--bench', name: 'Bench' };
const ruleSet = { id: 'bundle--bench', name: 'Bench', version: '1' };
for (let i = 0; i < 100_000; i++) {
  const base = { id: `indicator--${i}`, pattern: '', family, ruleSet };
  if (i % 3 === 0) synthetic.push({ ...base, type: 'process:name', value: `implant${i}` });
  else if (i % 3 === 1) synthetic.push({ ...base, type: 'file:path', value: `/private/var/db/bench${i}/x` });
  else synthetic.push({ ...base, type: 'domain-name:value', value: `c2-${i}.example.net` });
}
const matchRate = (m: ReturnType<typeof buildMatcher>): number => {
  let n = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < 1_000) {
    for (const observation of sample) m.match(observation);
    n += sample.length;
  }
  return (n / (performance.now() - t0)) * 1000;
};
const small = matchRate(matcher);
const large = matchRate(buildMatcher([...indicators, ...synthetic]));
console.log(
  `Matching cost: ${fmt(small)} observations/s with ${fmt(indicators.length)} indicators, ${fmt(large)}/s with ${fmt(indicators.length + synthetic.length)} ` +
    `(ratio ${(small / large).toFixed(2)}; independent of the indicator count when close to 1)`,
);

// --- 4. gluon's pipeline: storage, job, database -----------------------------------------------
let pipelineMs = NaN;
await withBenchPipeline('gluon-bench', async ({ db, storage, queue, tenantId }) => {
  started = performance.now();
  const { upload } = await receiveUpload(db, storage, queue, {
    tenantId,
    userId: null,
    fileName: 'sysdiagnose_bench.tar.gz',
    body: Readable.from([archive]),
    maxBytes: 2 * 1024 ** 3,
    origin: 'upload',
  });
  const storedMs = performance.now() - started;
  await queue.tick();
  pipelineMs = performance.now() - started;
  const [row] = await db.query<{ status: string; observation_count: number; finding_count: number }>(
    'SELECT status, observation_count, finding_count FROM gluon_inspections WHERE id = $1',
    [upload.inspectionId],
  );
  const [incidents] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM gluon_incidents');
  console.log(
    `Pipeline (PGlite): stored with sha256 in ${seconds(storedMs)}, inspection ${row?.status}: ${fmt(row?.observation_count ?? 0)} distinct observations stored, ` +
      `${row?.finding_count} findings, ${incidents?.n} incidents in ${seconds(pipelineMs)} end to end (${rate(pipelineMs)}, ${(bareMs / pipelineMs).toFixed(2)} of the bare pass) — target ${TARGET_SECONDS} s: ${pipelineMs <= TARGET_SECONDS * 1000 ? 'met' : 'MISSED'}`,
  );
});

// --- 5. the three passes side by side -------------------------------------------------------------
const row = (name: string, ms: number): string =>
  `| ${name} | ${seconds(ms)} | ${fmt((reports / ms) * 1000)} | ${(bareMs / ms).toFixed(2)} |`;
console.log(
  [
    '',
    `| ${fmt(reports)} reports | time | reports/s | of the bare pass |`,
    '|---|---|---|---|',
    row('bare pass (gunzip + tar + JSON.parse)', bareMs),
    row('inspectArchive (+ extract, match)', memoryMs),
    row('pipeline on PGlite (+ sha256, job, database)', pipelineMs),
  ].join('\n'),
);
