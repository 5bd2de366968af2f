import { constants } from 'node:fs';
import { lstat, mkdir, open, realpath, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';

import { type ArchiveInput, tarBytes } from './archiveBytes';
import { ArchiveError } from './archiveError';
import { type ArtefactKind, artefactKind, MAX_ARTEFACT_BYTES } from './artefacts';
import { readTar, type TarEntry, type TarLimits } from './tarReader';

export interface ArchiveLimits extends TarLimits {
  /** Largest artefact (shutdown.log, .ips, ps.txt) handed over in memory. */
  maxArtefactBytes: number;
}

/**
 * Sized for a sysdiagnose (a few hundred MB in some thousands of files, none near 256 MiB);
 * anything past them is refused rather than unpacked.
 */
export const DEFAULT_ARCHIVE_LIMITS: ArchiveLimits = {
  maxEntries: 100_000,
  maxTotalBytes: 2 * 1024 ** 3,
  maxEntryBytes: 256 * 1024 ** 2,
  maxDepth: 32,
  maxPathLength: 1024,
  maxArtefactBytes: MAX_ARTEFACT_BYTES,
};

export interface ArchiveArtefact {
  /** Path inside the archive. */
  path: string;
  kind: ArtefactKind;
  data: Buffer;
}

export interface ArchiveSummary {
  entries: number;
  /** Sum of the entries' sizes. */
  totalBytes: number;
  artefacts: number;
  /** Entries skipped without refusing the archive (links, devices, duplicates, nested archives). */
  warnings: string[];
}

/** Entries up to this size are read whole and written in parallel; larger ones are streamed. */
const SMALL_FILE_BYTES = 1024 * 1024;
const PARALLEL_WRITES = 4;

const NESTED_ARCHIVE = /\.(tar|tgz|tar\.gz|gz|zip|tbz2?|tar\.bz2|xz|txz)$/i;

/** Why an entry is skipped rather than read, or null when it is a regular file or directory. */
function skipReason(entry: TarEntry): string | null {
  if (entry.type === 'symlink' || entry.type === 'hardlink') {
    return `${entry.path}: ${entry.type} skipped (links are never followed or created)`;
  }
  if (entry.type === 'other') return `${entry.path}: entry of type '${entry.typeFlag.replace('\0', '\\0')}' skipped`;
  return null;
}

/**
 * Reads an archive in memory without writing anything: calls `onArtefact` for each artefact the
 * extractors read, in archive order, and skips every other entry's data. Throws ArchiveError when
 * the archive breaks a bound or is unsafe.
 */
export async function scanArchive(
  input: ArchiveInput,
  onArtefact: (artefact: ArchiveArtefact) => void | Promise<void>,
  limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS,
): Promise<ArchiveSummary> {
  const summary: ArchiveSummary = { entries: 0, totalBytes: 0, artefacts: 0, warnings: [] };
  for await (const entry of readTar(tarBytes(input), limits)) {
    summary.entries += 1;
    summary.totalBytes += entry.size;
    const reason = skipReason(entry);
    if (reason) {
      summary.warnings.push(reason);
      continue;
    }
    if (entry.type !== 'file') continue;
    const kind = artefactKind(entry.path);
    if (!kind) {
      if (NESTED_ARCHIVE.test(entry.path)) summary.warnings.push(`${entry.path}: nested archive not opened`);
      continue;
    }
    if (entry.size > limits.maxArtefactBytes) {
      summary.warnings.push(`${entry.path}: ${entry.size} bytes, larger than ${limits.maxArtefactBytes}: not read`);
      continue;
    }
    summary.artefacts += 1;
    await onArtefact({ path: entry.path, kind, data: await entry.read() });
  }
  return summary;
}

export interface ExtractedArchive extends ArchiveSummary {
  /** Absolute path of the folder everything was written under. */
  root: string;
  /** Relative paths of the files written. */
  files: string[];
  /** Files the extractors read, with their absolute location. */
  artefactFiles: Array<{ path: string; kind: ArtefactKind; file: string }>;
}

/**
 * Unpacks an archive under `targetDir` (which must exist) and nowhere else: paths are checked by
 * the reader, each folder is re-resolved after creation, files are created exclusively without
 * following links, with 0600/0700 modes whatever the archive says. When the archive is refused,
 * everything this call wrote is removed again before the ArchiveError is thrown.
 */
export async function extractArchive(
  input: ArchiveInput,
  targetDir: string,
  limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS,
): Promise<ExtractedArchive> {
  const stat = await lstat(targetDir);
  if (!stat.isDirectory()) throw new Error(`Extraction target ${targetDir} is not a directory`);
  const root = await realpath(targetDir);
  const result: ExtractedArchive = {
    root,
    entries: 0,
    totalBytes: 0,
    artefacts: 0,
    warnings: [],
    files: [],
    artefactFiles: [],
  };
  const createdDirs: string[] = [];
  const createdFiles: string[] = [];
  const checkedDirs = new Set<string>([root]);
  const written = new Set<string>();
  const records: Array<{ path: string; target: string; size: number; ok: boolean }> = [];
  const pending = new Set<Promise<void>>();
  let writeError: unknown;

  /** Creates `dir` (absolute, under root) one level at a time, checking each level stays inside. */
  const ensureDir = async (dir: string): Promise<void> => {
    if (checkedDirs.has(dir)) return;
    await ensureDir(path.dirname(dir));
    try {
      await mkdir(dir, { mode: 0o700 });
      createdDirs.push(dir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const real = await realpath(dir);
    if (real !== dir)
      throw new ArchiveError('unsafe-path', `Archive folder ${path.relative(root, dir)} resolves outside the target`);
    if (!(await lstat(dir)).isDirectory())
      throw new ArchiveError('corrupt', `Archive has a file and a folder named ${path.relative(root, dir)}`);
    checkedDirs.add(dir);
  };

  /** Creates the file exclusively (never through a link, never over a file) and writes it. */
  const writeFile = async (record: (typeof records)[number], data: Buffer | AsyncIterable<Buffer>): Promise<void> => {
    let handle;
    try {
      handle = await open(
        record.target,
        constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
        0o600,
      );
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST' && code !== 'EISDIR') throw err;
      result.warnings.push(`${record.path}: a file of that name is already in the target, entry skipped`);
      return;
    }
    createdFiles.push(record.target);
    try {
      if (Buffer.isBuffer(data)) await handle.write(data);
      else for await (const chunk of data) await handle.write(chunk);
    } finally {
      await handle.close();
    }
    record.ok = true;
  };

  try {
    for await (const entry of readTar(tarBytes(input), limits)) {
      if (writeError) throw writeError;
      result.entries += 1;
      result.totalBytes += entry.size;
      const reason = skipReason(entry);
      if (reason) {
        result.warnings.push(reason);
        continue;
      }
      if (entry.path === '') continue;
      const target = path.join(root, entry.path);
      // The reader already refused absolute and `..` paths; this is the second lock on the door.
      if (!target.startsWith(root + path.sep))
        throw new ArchiveError('unsafe-path', `Archive entry ${entry.path} leaves the target`);
      if (entry.type === 'directory') {
        await ensureDir(target);
        continue;
      }
      if (written.has(target)) {
        result.warnings.push(`${entry.path}: duplicate entry skipped`);
        continue;
      }
      written.add(target);
      await ensureDir(path.dirname(target));
      const record = { path: entry.path, target, size: entry.size, ok: false };
      records.push(record);
      if (entry.size > SMALL_FILE_BYTES) {
        await writeFile(record, entry.chunks());
        continue;
      }
      // Small files (most of a sysdiagnose) are written a few at a time: creating a file costs
      // more than writing it, and the disk overlaps those costs.
      const data = await entry.read();
      const job: Promise<void> = writeFile(record, data).then(
        () => void pending.delete(job),
        (err: unknown) => {
          pending.delete(job);
          writeError ??= err;
        },
      );
      pending.add(job);
      if (pending.size >= PARALLEL_WRITES) await Promise.race(pending);
    }
    await Promise.all(pending);
    if (writeError) throw writeError;
  } catch (err) {
    await Promise.allSettled(pending);
    await Promise.all(createdFiles.map((f) => rm(f, { force: true })));
    for (const dir of createdDirs.reverse()) await rmdir(dir).catch(() => undefined);
    throw err;
  }
  for (const record of records) {
    if (!record.ok) continue;
    result.files.push(record.path);
    const kind = artefactKind(record.path);
    if (kind && record.size <= limits.maxArtefactBytes) {
      result.artefacts += 1;
      result.artefactFiles.push({ path: record.path, kind, file: record.target });
    } else if (kind) {
      result.warnings.push(`${record.path}: ${record.size} bytes, larger than ${limits.maxArtefactBytes}: not read`);
    } else if (NESTED_ARCHIVE.test(record.path)) {
      result.warnings.push(`${record.path}: nested archive not opened`);
    }
  }
  return result;
}
