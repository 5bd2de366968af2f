/**
 * `npx tsx server/bench/androidBench.ts` (part of `npm run bench`): an Android bugreport zip of
 * ~30 MB (BENCH_ANDROID_MB) generated here — a dumpstate with 3,000 packages, their dumpsys,
 * settings, processes and a long logcat, 40 tombstones, and binary files it does not read — then
 * inspected end to end through gluon's pipeline as the API runs it: stored with sha256, the
 * worker's job (zip checks, extraction, matching against the MVT bundles and the Android example
 * rule set, observations, packages, properties, findings and incidents written to PGlite).
 * Target: 5 s. The inspection runs in a child process so its peak RSS is its own (the
 * generation holds the whole zip in memory).
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { Readable } from 'node:stream';

import { exampleAndroidBundle } from '../modules/gluon/services/sampleUploads';
import { receiveUpload } from '../modules/gluon/services/uploads';
import {
  BAD,
  bugreportFiles,
  dumpstateText,
  dumpsysPackageText,
  SAMPLE_PACKAGES,
  type SamplePackage,
  tombstoneText,
} from '../modules/inspection/android/androidSamples';
import { createZip, type TestZipEntry } from '../modules/inspection/android/testZip';
import { inChildProcess, withBenchPipeline } from './benchPipeline';

const TARGET_SECONDS = 5;
const targetMb = Number(process.env.BENCH_ANDROID_MB ?? 30);
if (!Number.isFinite(targetMb) || targetMb < 1 || targetMb > 500) throw new Error('BENCH_ANDROID_MB must be 1..500');
const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
const mib = (bytes: number): string => `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
const sha = (algorithm: string, text: string): string => createHash(algorithm).update(text).digest('hex');

/** 3,000 made-up packages: the sample's (the spy agent first) and store or system apps. */
function packages(): SamplePackage[] {
  const list = [...SAMPLE_PACKAGES];
  for (let i = list.length; i < 3000; i++) {
    const name = `com.example.app${i}`;
    list.push({
      name,
      installer: i % 3 === 0 ? null : 'com.android.vending',
      system: i % 3 === 0,
      uid: 10_000 + i,
      firstInstall: '2022-11-20 09:00:00',
      lastUpdate: '2023-02-01 08:30:00',
      requested: ['android.permission.INTERNET', ...(i % 5 === 0 ? ['android.permission.CAMERA'] : [])],
      runtimeGranted: i % 5 === 0 ? ['android.permission.CAMERA'] : [],
      apk: {
        path: `/data/app/~~${i}/${name}/base.apk`,
        md5: sha('md5', name),
        sha1: sha('sha1', name),
        sha256: sha('sha256', name),
      },
    });
  }
  return list;
}

/**
 * The dumpstate: the sample's sections with 3,000 packages, then logcat lines until it is
 * `logBytes` long (hex in each line keeps it about as compressible as a real log, ~4:1).
 */
function dumpstate(logBytes: number): string {
  const base = dumpstateText().replace(dumpsysPackageText(), dumpsysPackageText(packages()));
  const lines: string[] = [base];
  let size = base.length;
  for (let i = 0; size < logBytes; i++) {
    const line = `03-05 10:${String(Math.floor(i / 6000) % 60).padStart(2, '0')}:${String(Math.floor(i / 100) % 60).padStart(2, '0')}.${String(i % 1000).padStart(3, '0')}  1000  ${1000 + (i % 4000)}  ${1000 + (i % 4000)} I Tag${i % 97}: event ${randomBytes(12).toString('hex')} value=${i}`;
    lines.push(line);
    size += line.length + 1;
  }
  return lines.join('\n');
}

async function generate(file: string): Promise<void> {
  const started = performance.now();
  // About a third of a real bugreport's zip is binary it keeps (proto dumps, ANR traces): stored here as random bytes, never read.
  const binaryBytes = Math.floor(targetMb * 0.3 * 1024 ** 2);
  const textBytes = Math.floor(targetMb * 0.7 * 1024 ** 2 * 3.6);
  const tombstones: TestZipEntry[] = Array.from({ length: 40 }, (_, i) => ({
    name: `FS/data/tombstones/tombstone_${String(i + 2).padStart(2, '0')}`,
    data: tombstoneText(i === 0 ? BAD.tombstoneProcess : `/system/bin/daemon${i}`, `made-up abort ${i}`),
  }));
  const binaries: TestZipEntry[] = Array.from({ length: 10 }, (_, i) => ({
    name: `proto/dump_${i}.proto`,
    data: randomBytes(Math.floor(binaryBytes / 10)),
    method: 'store' as const,
  }));
  const zip = createZip(bugreportFiles({ main: dumpstate(textBytes), extra: [...tombstones, ...binaries] }));
  await writeFile(file, zip);
  console.log(
    `Generated a bugreport zip of ${mib(zip.length)} (${mib(textBytes)} of dumpstate text, 3,000 packages, 42 tombstones) in ${seconds(performance.now() - started)} (not counted)`,
  );
}

/** The child: the pipeline over the generated file, printing its time and its own peak RSS. */
async function inspect(file: string): Promise<void> {
  await withBenchPipeline(
    'gluon-android-bench',
    async ({ db, storage, queue, tenantId }) => {
      const rssBefore = process.resourceUsage().maxRSS * 1024;
      const residentBefore = process.memoryUsage().rss;
      const size = (await stat(file)).size;
      const data = await readFile(file);
      const started = performance.now();
      const { upload } = await receiveUpload(db, storage, queue, {
        tenantId,
        userId: null,
        fileName: 'bugreport-bench.zip',
        body: Readable.from([data]),
        maxBytes: 2 * 1024 ** 3,
        origin: 'upload',
      });
      const storedMs = performance.now() - started;
      await queue.tick();
      const totalMs = performance.now() - started;
      const [row] = await db.query<{
        status: string;
        error: string | null;
        observation_count: number;
        finding_count: number;
        heuristics: unknown;
      }>('SELECT status, error, observation_count, finding_count, heuristics FROM gluon_inspections WHERE id = $1', [
        upload.inspectionId,
      ]);
      const [facts] = await db.query<{ packages: number; properties: number }>(
        'SELECT (SELECT count(*)::int FROM gluon_android_packages) AS packages, (SELECT count(*)::int FROM gluon_android_properties) AS properties',
      );
      const [incidents] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM gluon_incidents');
      const heuristics = Array.isArray(row?.heuristics)
        ? row.heuristics.length
        : JSON.parse(String(row?.heuristics ?? '[]')).length;
      const peak = process.resourceUsage().maxRSS * 1024;
      const residentAfter = process.memoryUsage().rss;
      console.log(
        `Android bugreport ${mib(size)} through the pipeline (PGlite): stored with sha256 in ${seconds(storedMs)}, inspection ${row?.status}${row?.error ? ` (${row.error})` : ''}: ` +
          `${row?.observation_count} distinct observations, ${facts?.packages} packages, ${facts?.properties} properties and settings, ${row?.finding_count} findings, ` +
          `${heuristics} warnings, ${incidents?.n} incidents in ${seconds(totalMs)} end to end — target ${TARGET_SECONDS} s: ${totalMs <= TARGET_SECONDS * 1000 ? 'met' : 'MISSED'}`,
      );
      console.log(
        `Peak RSS of the inspecting process: ${mib(peak)} (peak before the upload, PGlite migrated and rule sets imported: ${mib(rssBefore)}); ` +
          `resident ${mib(residentBefore)} before the upload, ${mib(residentAfter)} after; the zip (${mib(size)}) is read in place`,
      );
    },
    [exampleAndroidBundle()],
  );
}

await inChildProcess(import.meta.url, 'ANDROID_BENCH_FILE', 'bugreport-bench.zip', generate, inspect);
