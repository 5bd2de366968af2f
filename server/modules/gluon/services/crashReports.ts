import { HttpError, type Queryable } from '../../../contracts';
import {
  ArchiveError,
  artefactKind,
  DEFAULT_ANDROID_LIMITS,
  openZip,
  type SafeZip,
  scanArchive,
} from '../../inspection/public';
import type { FileStorage } from './fileStorage';
import { MAX_IN_MEMORY_ZIP_BYTES } from './inspectionRunner';
import { storedKind, uploadKind } from './uploads';

/** An Android tombstone's path in a bugreport (`FS/data/tombstones/tombstone_07`), possibly inside AndroidQF's bugreport.zip. */
export function isTombstonePath(path: string): boolean {
  return /(^|\/)tombstones\/tombstone_\d+$/.test(path);
}

/** A tombstone's text from a stored Android acquisition, through the same safe zip reader (a nested bugreport.zip opened in memory, bounded). */
async function readTombstone(storage: FileStorage, key: string, path: string): Promise<string | null> {
  const limits = DEFAULT_ANDROID_LIMITS.zip;
  let input: Buffer | string;
  if (storage.localPath) input = storage.localPath(key);
  else {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of storage.read(key)) {
      size += (chunk as Buffer).length;
      if (size > MAX_IN_MEMORY_ZIP_BYTES)
        throw new HttpError(
          422,
          `The acquisition is larger than ${MAX_IN_MEMORY_ZIP_BYTES} bytes: its tombstones cannot be shown from this storage.`,
        );
      chunks.push(chunk as Buffer);
    }
    input = Buffer.concat(chunks);
  }
  const opened: SafeZip[] = [];
  try {
    let zip = await openZip(input, limits);
    opened.push(zip);
    let rest = path;
    const nested = /^(.*?bugreport\.zip)\/(.+)$/.exec(path);
    if (nested && !zip.files.has(path)) {
      const outer = zip.files.get(nested[1]!);
      if (!outer || outer.size > DEFAULT_ANDROID_LIMITS.maxNestedZipBytes) return null;
      zip = await openZip(await zip.read(outer), limits);
      opened.push(zip);
      rest = nested[2]!;
    }
    const entry = zip.files.get(rest);
    if (!entry) return null;
    return asText(await zip.read(entry, Math.min(entry.size, MAX_CRASH_TEXT_BYTES + 1)));
  } finally {
    for (const zip of opened) zip.close();
  }
}

/** Longest crash report shown as text. */
export const MAX_CRASH_TEXT_BYTES = 2 * 1024 * 1024;

function asText(data: Uint8Array): string {
  const clipped = data.length > MAX_CRASH_TEXT_BYTES ? data.subarray(0, MAX_CRASH_TEXT_BYTES) : data;
  return new TextDecoder('utf-8').decode(clipped) + (data.length > MAX_CRASH_TEXT_BYTES ? '\n… (shortened)' : '');
}

/** The text of one .ips report (or Android tombstone) of a device's inspection, read again from the stored original. */
export async function readCrashReport(
  q: Queryable,
  storage: FileStorage,
  tenantId: string,
  deviceId: string,
  inspectionId: string,
  path: string,
): Promise<string> {
  const tombstone = isTombstonePath(path);
  if (artefactKind(path) !== 'ips' && !tombstone)
    throw new HttpError(400, 'Only .ips crash reports and Android tombstones can be shown.');
  // The stored file is shared by everyone who uploaded the same bytes (deduplicated by sha256), so
  // its name is the first uploader's; the crash list shows the name this inspection read it under,
  // with the same fallback as the runner.
  const [row] = await q.query<{ storage_key: string; name: string }>(
    `SELECT f.storage_key, COALESCE(n.file_name, 'upload') AS name FROM gluon_inspections n JOIN gluon_files f ON f.id = n.file_id
     WHERE n.tenant_id = $1 AND n.device_id = $2 AND n.id = $3`,
    [tenantId, deviceId, inspectionId],
  );
  if (!row) throw new HttpError(404, 'Crash report not found');
  const kind = await storedKind(storage, row.storage_key, row.name);
  if (kind === 'android' || tombstone) {
    if (kind !== 'android' || !tombstone) throw new HttpError(404, 'Crash report not found');
    let text: string | null;
    try {
      text = await readTombstone(storage, row.storage_key, path);
    } catch (error) {
      if (error instanceof ArchiveError) throw new HttpError(422, error.message);
      throw error;
    }
    if (text === null) throw new HttpError(404, 'Crash report not found');
    return text;
  }
  if (uploadKind(row.name) !== 'archive') {
    if (row.name !== path) throw new HttpError(404, 'Crash report not found');
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of storage.read(row.storage_key)) {
      chunks.push(chunk as Buffer);
      size += (chunk as Buffer).length;
      if (size > MAX_CRASH_TEXT_BYTES) break;
    }
    return asText(Buffer.concat(chunks));
  }
  let found: string | null = null;
  try {
    await scanArchive(storage.read(row.storage_key), ({ path: entry, data }) => {
      if (found === null && entry === path) found = asText(data);
    });
  } catch (error) {
    if (error instanceof ArchiveError) throw new HttpError(422, error.message);
    throw error;
  }
  if (found === null) throw new HttpError(404, 'Crash report not found');
  return found;
}
