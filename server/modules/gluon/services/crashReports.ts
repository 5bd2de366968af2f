import { HttpError, type Queryable } from '../../../contracts';
import { ArchiveError } from '../inspection/archiveError';
import { artefactKind } from '../inspection/artefacts';
import { scanArchive } from '../inspection/safeArchive';
import type { FileStorage } from './fileStorage';
import { uploadKind } from './uploads';

/** Longest crash report shown as text. */
export const MAX_CRASH_TEXT_BYTES = 2 * 1024 * 1024;

function asText(data: Uint8Array): string {
  const clipped = data.length > MAX_CRASH_TEXT_BYTES ? data.subarray(0, MAX_CRASH_TEXT_BYTES) : data;
  return new TextDecoder('utf-8').decode(clipped) + (data.length > MAX_CRASH_TEXT_BYTES ? '\n… (shortened)' : '');
}

/** The text of one .ips report of a device's inspection, read again from the stored original. */
export async function readCrashReport(q: Queryable, storage: FileStorage, tenantId: string, deviceId: string, inspectionId: string, path: string): Promise<string> {
  if (artefactKind(path) !== 'ips') throw new HttpError(400, 'Only .ips crash reports can be shown.');
  // The stored file is shared by everyone who uploaded the same bytes (deduplicated by sha256), so
  // its name is the first uploader's; the crash list shows the name this inspection read it under,
  // with the same fallback as the runner.
  const [row] = await q.query<{ storage_key: string; name: string }>(
    `SELECT f.storage_key, COALESCE(n.file_name, 'upload') AS name FROM gluon_inspections n JOIN gluon_files f ON f.id = n.file_id
     WHERE n.tenant_id = $1 AND n.device_id = $2 AND n.id = $3`,
    [tenantId, deviceId, inspectionId],
  );
  if (!row) throw new HttpError(404, 'Crash report not found');
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
