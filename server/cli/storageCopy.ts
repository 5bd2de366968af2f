import path from 'node:path';

import type { AppConfig } from '../config';
import { createFsStorage, type FileStorage } from '../modules/gluon/services/fileStorage';
import { createS3Client, createS3Storage } from '../modules/gluon/services/s3Storage';
import { parseS3Url } from '../modules/gluon/services/storageLocation';
import { CliError } from './cliArgs';

/**
 * `local` (GLUON_STORAGE_DIR), a folder, or `s3://bucket/prefix` (reached with the endpoint,
 * region and path style of the configuration, credentials from the SDK's usual chain).
 */
export function storageArgument(option: string, value: string | undefined, config: AppConfig): FileStorage {
  const raw = value?.trim();
  if (!raw) throw new CliError(`--${option}: give local, a folder or s3://bucket/prefix`);
  if (raw === 'local') return createFsStorage(config.gluon.storageDir);
  const s3 = parseS3Url(raw);
  if (typeof s3 === 'string') throw new CliError(`--${option}: ${s3}`);
  if (s3) return createS3Storage(createS3Client(config.gluon.s3Settings), s3);
  return createFsStorage(path.resolve(raw));
}

export interface CopyCounts {
  copied: number;
  skipped: number;
  bytes: number;
}

/**
 * Copies every stored file of `from` into `to`, streamed, skipping those `to` already holds with
 * the same size (so a second run, or one after an interruption, copies only what is missing).
 * Each file is hashed again on the way in: bytes that do not match their key stop the copy.
 */
export async function copyStorage(from: FileStorage, to: FileStorage): Promise<CopyCounts> {
  const counts: CopyCounts = { copied: 0, skipped: 0, bytes: 0 };
  for await (const { key, size } of from.list()) {
    if ((await to.size(key)) === size) {
      counts.skipped += 1;
    } else {
      const stored = await to.put(from.read(key), Number.MAX_SAFE_INTEGER);
      if (stored.key !== key) {
        if (!(await from.exists(stored.key))) await to.remove(stored.key);
        throw new CliError(
          `The file ${key} in ${from.location} is damaged (its bytes hash to ${stored.key}): copy stopped after ${counts.copied} files.`,
        );
      }
      counts.copied += 1;
      counts.bytes += size;
    }
  }
  return counts;
}

export function copySummary(from: FileStorage, to: FileStorage, counts: CopyCounts): string {
  const mb = (counts.bytes / (1024 * 1024)).toFixed(1);
  return `Copied ${counts.copied} files (${mb} MB) from ${from.location} to ${to.location}; skipped ${counts.skipped} already there.`;
}
