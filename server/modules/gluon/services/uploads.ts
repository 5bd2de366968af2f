import type { Readable } from 'node:stream';

import { deviceDisplayName } from '@common/devices/deviceDisplayName';
import { uploadNameKind } from '@common/gluon/uploadName';

import { type Database, HttpError, type Queryable } from '../../../contracts';
import { iso, json, type Stamp } from '../../../db/sqlRows';
import {
  cappedCount,
  type CappedTotal,
  type Cursors,
  inOrder,
  type Keyset,
  keysetPage,
  type ListQuery,
} from '../../../services/listQuery';
import type { UploadItem } from '../schemas';
import { backupPasswords } from './backupPasswords';
import type { FileStorage, StoredObject } from './fileStorage';
import type { InspectionStatus, UploadOrigin } from './inspectionStatus';
import { enqueueInspection, type GluonJobs } from './jobs';

export type UploadKind = 'archive' | 'artefact' | 'android';

/** What we inspect: a sysdiagnose-like archive, or one loose artefact the extractors read. */
export function uploadKind(name: string): UploadKind | null {
  // The name rule is the console's too (common/gluon/uploadName.ts); a zip is taken by its content
  // only (storedKind), whatever its name says.
  const kind = uploadNameKind(name);
  return kind === 'zip' ? null : kind;
}

export const ACCEPTED_FILES =
  'a sysdiagnose archive (.tar.gz, .tgz, .tar), a crash or diagnostic report (.ips), shutdown.log or ps.txt, an iPhone backup folder (zipped or tarred), or an Android acquisition (an AndroidQF output or a bugreport, .zip)';

/** A zip's first four bytes: a local file header, or the end record of an empty zip. */
export function isZipHead(head: Uint8Array): boolean {
  return (
    head.length >= 4 &&
    head[0] === 0x50 &&
    head[1] === 0x4b &&
    ((head[2] === 0x03 && head[3] === 0x04) || (head[2] === 0x05 && head[3] === 0x06))
  );
}

/**
 * What a stored file is, by its content first: a zip is an Android acquisition whatever its name
 * (the reader then checks which, or refuses it); anything else is what its name says.
 */
export async function storedKind(storage: FileStorage, key: string, name: string): Promise<UploadKind | null> {
  return isZipHead(await head(storage, key, 4)) ? 'android' : uploadKind(name);
}

/** A file name as shown and stored: its last segment, without control characters. */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are what a stored file name drops
  const CONTROL = /[\u0000-\u001f\u007f]/g;
  return base.replace(CONTROL, '').trim().slice(0, 255);
}

interface UploadRow {
  id: string;
  file_id: string | null;
  file_name: string | null;
  size: string | number | null;
  sha256: string | null;
  /** Rescans are not uploads: every query of this row excludes them. */
  origin: UploadOrigin;
  status: InspectionStatus;
  progress: number;
  error: string | null;
  device_id: string | null;
  device_name: string | null;
  finding_count: number;
  created_at: Stamp;
  finished_at: Stamp;
  warnings: unknown;
}

const SELECT_UPLOADS = `
  SELECT n.id, n.file_id, n.file_name, f.size, f.sha256, n.origin, n.status, n.progress, n.error, n.device_id, d.name AS device_name,
         n.finding_count, n.created_at, n.finished_at, n.warnings
  FROM gluon_inspections n LEFT JOIN gluon_files f ON f.id = n.file_id LEFT JOIN gluon_devices d ON d.id = n.device_id`;

function toItem(r: UploadRow): UploadItem {
  return {
    inspectionId: r.id,
    fileId: r.file_id,
    fileName: r.file_name ?? '',
    size: r.size === null ? null : Number(r.size),
    sha256: r.sha256,
    origin: r.origin,
    status: r.status,
    progress: r.progress,
    error: r.error,
    deviceId: r.device_id,
    deviceName: r.device_name,
    deviceDisplayName: deviceDisplayName(r.device_name),
    findings: r.finding_count,
    createdAt: iso(r.created_at)!,
    finishedAt: iso(r.finished_at),
    warnings: json<string[]>(r.warnings, []),
  };
}

export async function getUpload(q: Queryable, tenantId: string, inspectionId: string): Promise<UploadItem | null> {
  const [row] = await q.query<UploadRow>(`${SELECT_UPLOADS} WHERE n.tenant_id = $1 AND n.id = $2`, [
    tenantId,
    inspectionId,
  ]);
  return row ? toItem(row) : null;
}

/** The uploads list's order, that of the indexes gluon_inspections_uploads and _uploads_by: newest first, id breaking ties. */
export const UPLOADS_KEYSET: Keyset = { key: 'n.created_at', id: 'n.id', nullable: false };

/**
 * Recent uploads in UPLOADS_KEYSET's order, by number or by cursor (listQuery.ts keysetPage);
 * `createdBy` limits them to one user's (uploaders see their own). The file and device are joined
 * to the page's rows only.
 */
export async function listUploads(
  q: Queryable,
  tenantId: string,
  options: ListQuery & { createdBy?: string | null },
): Promise<{ items: UploadItem[] } & CappedTotal & Cursors> {
  const params: unknown[] = options.createdBy ? [tenantId, options.createdBy] : [tenantId];
  const fromWhere = `FROM gluon_inspections n WHERE n.tenant_id = $1 AND n.origin NOT IN ('rescan', 'rematch')${options.createdBy ? ' AND n.created_by = $2' : ''}`;
  const [page, count] = await Promise.all([
    keysetPage(q, UPLOADS_KEYSET, fromWhere, params, options),
    cappedCount(q, fromWhere, params, options.depth),
  ]);
  const rows = page.ids.length
    ? await q.query<UploadRow>(`${SELECT_UPLOADS} WHERE n.id = ANY($1::uuid[])`, [page.ids])
    : [];
  return {
    items: inOrder(page.ids, rows).map(toItem),
    ...count,
    nextCursor: page.nextCursor,
    prevCursor: page.prevCursor,
  };
}

const GZIP = [0x1f, 0x8b];

/** First bytes of a stored file, to refuse what cannot be what its name says before queueing it. */
async function head(storage: FileStorage, key: string, n: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of storage.read(key)) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (size >= n) break;
  }
  return Buffer.concat(chunks).subarray(0, n);
}

export interface UploadInput {
  tenantId: string;
  userId: string | null;
  fileName: string;
  body: Readable;
  maxBytes: number;
  origin: UploadOrigin;
  deviceId?: string | null;
  reinspect?: boolean;
  /**
   * An encrypted iPhone backup's password: held in memory for the inspection (backupPasswords.ts),
   * never stored. Given, it queues a new inspection even for bytes inspected before (the earlier
   * one may have failed for a wrong password).
   */
  backupPassword?: string;
  claim?: (q: Queryable) => Promise<void>;
}

/**
 * Stores an uploaded file under its sha256 and queues its inspection. The same bytes uploaded
 * again by the same user are recognised: nothing is stored or inspected twice unless `reinspect`
 * asks for it (another user's upload of the same bytes gets its own inspection, the file is kept once).
 * `claim` runs first inside the transaction that inserts the inspection (a limit that must hold
 * under parallel uploads: collectorUploads.ts assertInstallHasRoom); when it or the transaction
 * throws, nothing is recorded and the stored bytes are removed unless a file row refers to them.
 */
export async function receiveUpload(
  db: Database,
  storage: FileStorage,
  jobs: GluonJobs,
  input: UploadInput,
): Promise<{ upload: UploadItem; duplicate: boolean }> {
  const fileName = cleanFileName(input.fileName);
  const refused = () =>
    new HttpError(415, `${fileName || 'This file'} is not a file Gluon inspects: upload ${ACCEPTED_FILES}.`);
  if (!fileName) throw refused();
  // A name we know is checked before the body is read; any other name may still be a zip (an
  // Android acquisition is recognised by its content), so its first bytes decide.
  const named = uploadKind(fileName);
  const stored = await storage.put(input.body, input.maxBytes);
  if (stored.size === 0) throw new HttpError(400, `${fileName} is empty.`);
  const kind = await storedKind(storage, stored.key, fileName);
  if (!kind) {
    await discard(db, storage, stored);
    throw refused();
  }
  const lower = fileName.toLowerCase();
  if (kind === 'archive' && named === 'archive' && (lower.endsWith('.gz') || lower.endsWith('.tgz'))) {
    const magic = await head(storage, stored.key, 2);
    if (magic[0] !== GZIP[0] || magic[1] !== GZIP[1]) {
      await discard(db, storage, stored);
      throw new HttpError(422, `${fileName} is not a gzip archive (corrupt or renamed).`);
    }
  }
  try {
    return await db.tx((q) => recordUpload(q, jobs, input, fileName, stored));
  } catch (error) {
    // The refusal (or the database's error) is the answer; a failed clean-up only leaves bytes behind.
    await discard(db, storage, stored).catch(() => undefined);
    throw error;
  }
}

async function recordUpload(
  q: Queryable,
  jobs: GluonJobs,
  input: UploadInput,
  fileName: string,
  stored: StoredObject,
): Promise<{ upload: UploadItem; duplicate: boolean }> {
  if (input.claim) await input.claim(q);
  const [existing] = await q.query<{ id: string }>(
    'SELECT id FROM gluon_files WHERE tenant_id = $1 AND sha256 = $2 FOR UPDATE',
    [input.tenantId, stored.sha256],
  );
  if (existing && !input.reinspect && !input.deviceId && !input.backupPassword) {
    // The uploader's own earlier inspection: someone else's (and its device) is not shown to them.
    const [last] = await q.query<{ id: string }>(
      "SELECT id FROM gluon_inspections WHERE file_id = $1 AND origin NOT IN ('rescan', 'rematch') AND created_by IS NOT DISTINCT FROM $2 ORDER BY created_at DESC LIMIT 1",
      [existing.id, input.userId],
    );
    if (last) return { upload: (await getUpload(q, input.tenantId, last.id))!, duplicate: true };
  }
  const fileId =
    existing?.id ??
    (
      await q.query<{ id: string }>(
        'INSERT INTO gluon_files (tenant_id, sha256, size, storage_key, name) VALUES ($1, $2, $3, $4, $5) RETURNING id',
        [input.tenantId, stored.sha256, stored.size, stored.key, fileName],
      )
    )[0]!.id;
  const [inspection] = await q.query<{ id: string }>(
    'INSERT INTO gluon_inspections (tenant_id, file_id, device_id, origin, file_name, created_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
    [input.tenantId, fileId, input.deviceId ?? null, input.origin, fileName, input.userId],
  );
  // Held before the job is visible (it is queued in this transaction), so its worker finds it;
  // the job stays with this instance while the password is held (another has no copy of it).
  const held = input.backupPassword ? backupPasswords.hold(inspection!.id, input.backupPassword) : undefined;
  await enqueueInspection(jobs, q, { tenantId: input.tenantId, inspectionId: inspection!.id }, held);
  return { upload: (await getUpload(q, input.tenantId, inspection!.id))!, duplicate: Boolean(existing) };
}

/** Storage is content-addressed across tenants: a file is removed only when no tenant holds it. */
async function isReferenced(db: Database, sha256: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM gluon_files WHERE sha256 = $1 LIMIT 1', [sha256]);
  return rows.length > 0;
}

/** Removes the bytes of an upload that was refused after they were stored, unless a file row holds them. */
async function discard(db: Database, storage: FileStorage, stored: StoredObject): Promise<void> {
  if (!(await isReferenced(db, stored.sha256))) await storage.remove(stored.key);
}
