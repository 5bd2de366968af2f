/**
 * `npx tsx server/bench/iosBackupBench.ts` (part of `npm run bench`): an encrypted iPhone backup
 * of ~1 GiB (BENCH_BACKUP_MB) generated here as a tar of its folder — the modules' databases,
 * a Manifest.db listing 20,000 files, and 1 GiB of media the reader never decrypts — with
 * iTunes' own key derivation (PBKDF2-SHA256 10,000,000 rounds, then PBKDF2-SHA1 10,000), then
 * inspected end to end through gluon's pipeline (stored with sha256, the worker's job: the tar's
 * passes, keybag, Manifest.db, each database decrypted and read with sql.js, matching, writes
 * to PGlite). While it runs, the uploads list (the console's refresh) is asked every 100 ms and
 * its p95 printed. Targets: 60 s and 300 MiB of RSS growth. The inspection runs in a child
 * process so its peak RSS is its own.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';

import { backupPasswords } from '../modules/gluon/services/backupPasswords';
import { listUploads, receiveUpload } from '../modules/gluon/services/uploads';
import { generateIosBackup } from '../modules/inspection/iosBackup/backupGenerator';
import { backupFileId } from '../modules/inspection/iosBackup/readBackup';
import { createTar } from '../modules/inspection/tarWriter';
import { inChildProcess, withBenchPipeline } from './benchPipeline';

const TARGET_SECONDS = 60;
const TARGET_RSS_GROWTH_MIB = 300;
const PASSWORD = 'bench-password';
const targetMb = Number(process.env.BENCH_BACKUP_MB ?? 1024);
if (!Number.isFinite(targetMb) || targetMb < 1 || targetMb > 8192) throw new Error('BENCH_BACKUP_MB must be 1..8192');
const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
const mib = (bytes: number): string => `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
const FOLDER = '00008030-00BE0C0C0C0C802E';
const MEDIA_BYTES = 512 * 1024;
const LISTED = 20_000;

async function generate(file: string): Promise<void> {
  const started = performance.now();
  const mediaFiles = Math.ceil((targetMb * 1024 ** 2) / MEDIA_BYTES);
  const listed = Array.from({ length: Math.max(LISTED, mediaFiles) }, (_, i) => ({
    domain: 'CameraRollDomain',
    relativePath: `Media/DCIM/${100 + Math.floor(i / 1000)}APPLE/IMG_${String(i).padStart(5, '0')}.HEIC`,
    size: MEDIA_BYTES,
  }));
  const backup = await generateIosBackup({
    password: PASSWORD,
    seed: 'bench',
    iterations: 10_000,
    dpic: 10_000_000,
    listed,
  });
  const out = createWriteStream(file);
  const write = (chunk: Buffer) =>
    new Promise<void>((resolve, reject) => out.write(chunk, (e) => (e ? reject(e) : resolve())));
  // Media first, as a backup folder lists (the hashed folders sort before Manifest.db): the reader has to pass them.
  const block = Buffer.alloc(MEDIA_BYTES, 0x5a);
  for (let i = 0; i < mediaFiles; i++) {
    const id = backupFileId(listed[i]!.domain, listed[i]!.relativePath);
    block.writeUInt32BE(i, 0);
    await write(createTar([{ path: `${FOLDER}/${id.slice(0, 2)}/${id}`, data: block }], { endMarker: false }));
  }
  for (const e of backup.entries)
    await write(createTar([{ path: `${FOLDER}/${e.path}`, data: e.data }], { endMarker: false }));
  await write(Buffer.alloc(1024));
  await new Promise<void>((resolve) => out.end(resolve));
  console.log(
    `Generated an encrypted iPhone backup tar of ${mib((await stat(file)).size)} (${mediaFiles} media files, Manifest.db listing ${listed.length + 10} files) in ${seconds(performance.now() - started)} (not counted)`,
  );
}

const p95 = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0;
};

async function inspect(file: string): Promise<void> {
  await withBenchPipeline('gluon-backup-bench', async ({ db, storage, queue, tenantId }) => {
    const residentBefore = process.memoryUsage().rss;
    const size = (await stat(file)).size;
    const started = performance.now();
    const { upload } = await receiveUpload(db, storage, queue, {
      tenantId,
      userId: null,
      fileName: 'iphone-backup-bench.tar',
      body: createReadStream(file),
      maxBytes: 16 * 1024 ** 3,
      origin: 'upload',
      backupPassword: PASSWORD,
    });
    const storedMs = performance.now() - started;
    // The console's refresh while the worker inspects: the uploads list, every 100 ms.
    const refresh: number[] = [];
    let running = true;
    const poll = (async () => {
      while (running) {
        const t0 = performance.now();
        await listUploads(db, tenantId, { page: 0, size: 20 });
        refresh.push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const inspectStarted = performance.now();
    await queue.tick();
    const inspectMs = performance.now() - inspectStarted;
    running = false;
    await poll;
    const totalMs = performance.now() - started;
    const [row] = await db.query<{
      status: string;
      error: string | null;
      observation_count: number;
      finding_count: number;
    }>('SELECT status, error, observation_count, finding_count FROM gluon_inspections WHERE id = $1', [
      upload.inspectionId,
    ]);
    const peak = process.resourceUsage().maxRSS * 1024;
    const growth = peak - residentBefore;
    console.log(
      `iPhone backup ${mib(size)} (encrypted) through the pipeline (PGlite): stored with sha256 in ${seconds(storedMs)}, inspected in ${seconds(inspectMs)}: ${row?.status}${row?.error ? ` (${row.error})` : ''}, ` +
        `${row?.observation_count} distinct observations, ${row?.finding_count} findings; ${seconds(totalMs)} end to end — target ${TARGET_SECONDS} s: ${totalMs <= TARGET_SECONDS * 1000 ? 'met' : 'MISSED'}`,
    );
    console.log(
      `Peak RSS ${mib(peak)}, ${mib(growth)} over the ${mib(residentBefore)} resident before the upload — target ${TARGET_RSS_GROWTH_MIB} MiB: ${growth <= TARGET_RSS_GROWTH_MIB * 1024 ** 2 ? 'met' : 'MISSED'}; ` +
        `uploads list during the inspection: p95 ${refresh.length ? p95(refresh).toFixed(1) : '-'} ms over ${refresh.length} refreshes (max ${refresh.length ? Math.max(...refresh).toFixed(1) : '-'} ms); password still held: ${backupPasswords.size > 0}`,
    );
  });
}

await inChildProcess(import.meta.url, 'BACKUP_BENCH_FILE', 'iphone-backup-bench.tar', generate, inspect);
