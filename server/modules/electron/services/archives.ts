import type { Readable } from 'node:stream';

import { type Database, HttpError, type Queryable } from '../../../contracts';
import { iso, type Stamp } from '../../../db/sqlRows';
import type { JobQueue } from '../../../queue';
import { cleanFileName, type FileStorage } from '../../gluon/public';
import type { ArchiveItem } from '../schemas';

/** An Aftermath archive read, matched and stored: one job per archive. */
export const ELECTRON_INSPECT_QUEUE = 'electron.inspect';

export interface ElectronInspectJobData {
  tenantId: string;
  inspectionId: string;
}

export type ElectronJobs = Pick<JobQueue, 'send'>;

const ZIP_HEAD = [0x50, 0x4b, 0x03, 0x04];

interface ArchiveRow {
  id: string;
  file_name: string | null;
  size: string | number | null;
  sha256: string | null;
  status: ArchiveItem['status'];
  progress: number;
  error: string | null;
  device_id: string | null;
  device_name: string | null;
  finding_count: number;
  heuristics: number | null;
  created_at: Stamp;
  finished_at: Stamp;
}

const SELECT_ARCHIVES = `
  SELECT n.id, n.file_name, f.size, f.sha256, n.status, n.progress, n.error, n.device_id, d.name AS device_name, n.finding_count,
         jsonb_array_length(COALESCE(a.report->'heuristics', '[]'::jsonb)) AS heuristics, n.created_at, n.finished_at
  FROM electron_archives a JOIN gluon_inspections n ON n.id = a.inspection_id
  LEFT JOIN gluon_files f ON f.id = n.file_id LEFT JOIN gluon_devices d ON d.id = n.device_id`;

function toItem(r: ArchiveRow): ArchiveItem {
  return {
    inspectionId: r.id,
    fileName: r.file_name ?? '',
    size: r.size === null ? null : Number(r.size),
    sha256: r.sha256,
    status: r.status,
    progress: r.progress,
    error: r.error,
    deviceId: r.device_id,
    deviceName: r.device_name,
    findings: r.finding_count,
    heuristics: r.heuristics ?? 0,
    createdAt: iso(r.created_at)!,
    finishedAt: iso(r.finished_at),
  };
}

export async function getArchive(q: Queryable, tenantId: string, inspectionId: string): Promise<ArchiveItem | null> {
  const [row] = await q.query<ArchiveRow>(`${SELECT_ARCHIVES} WHERE a.tenant_id = $1 AND a.inspection_id = $2`, [
    tenantId,
    inspectionId,
  ]);
  return row ? toItem(row) : null;
}

/** The latest archives of the tenant (or of one Mac), newest first. */
export async function listArchives(
  q: Queryable,
  tenantId: string,
  options: { deviceId?: string; limit?: number } = {},
): Promise<ArchiveItem[]> {
  const rows = await q.query<ArchiveRow>(
    `${SELECT_ARCHIVES} WHERE a.tenant_id = $1 ${options.deviceId ? 'AND a.device_id = $3' : ''} ORDER BY a.created_at DESC, a.inspection_id LIMIT $2`,
    options.deviceId ? [tenantId, options.limit ?? 20, options.deviceId] : [tenantId, options.limit ?? 20],
  );
  return rows.map(toItem);
}

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

/**
 * Stores an uploaded Aftermath archive under its sha256 in gluon's storage (one file row per
 * tenant and content, as gluon's uploads), records its inspection and queues it on
 * `electron.inspect`, in one transaction: the job exists only if the archive does. Something
 * that is not a zip is refused before it is queued; what is inside is checked by the job.
 */
export async function receiveArchive(
  db: Database,
  storage: FileStorage,
  jobs: ElectronJobs,
  input: { tenantId: string; userId: string; fileName: string; body: Readable; maxBytes: number },
): Promise<ArchiveItem> {
  const fileName = cleanFileName(input.fileName);
  if (!fileName) throw new HttpError(400, 'Name the file: an Aftermath archive (.zip).');
  const stored = await storage.put(input.body, input.maxBytes);
  const discard = async () => {
    const [held] = await db.query('SELECT 1 FROM gluon_files WHERE sha256 = $1 LIMIT 1', [stored.sha256]);
    if (!held) await storage.remove(stored.key).catch(() => undefined);
  };
  if (stored.size === 0) {
    await discard();
    throw new HttpError(400, `${fileName} is empty.`);
  }
  const magic = await head(storage, stored.key, 4);
  if (!ZIP_HEAD.every((b, i) => magic[i] === b)) {
    await discard();
    throw new HttpError(
      415,
      `${fileName} is not a zip: upload the Aftermath_<serial>.zip Aftermath writes, or its output folder zipped.`,
    );
  }
  try {
    return await db.tx(async (q) => {
      const [existing] = await q.query<{ id: string }>(
        'SELECT id FROM gluon_files WHERE tenant_id = $1 AND sha256 = $2 FOR UPDATE',
        [input.tenantId, stored.sha256],
      );
      const fileId =
        existing?.id ??
        (
          await q.query<{ id: string }>(
            'INSERT INTO gluon_files (tenant_id, sha256, size, storage_key, name) VALUES ($1, $2, $3, $4, $5) RETURNING id',
            [input.tenantId, stored.sha256, stored.size, stored.key, fileName],
          )
        )[0]!.id;
      const [inspection] = await q.query<{ id: string }>(
        "INSERT INTO gluon_inspections (tenant_id, file_id, origin, file_name, created_by) VALUES ($1, $2, 'upload', $3, $4) RETURNING id",
        [input.tenantId, fileId, fileName, input.userId],
      );
      await q.query('INSERT INTO electron_archives (inspection_id, tenant_id) VALUES ($1, $2)', [
        inspection!.id,
        input.tenantId,
      ]);
      const data: ElectronInspectJobData = { tenantId: input.tenantId, inspectionId: inspection!.id };
      await jobs.send(
        ELECTRON_INSPECT_QUEUE,
        data,
        {
          retryLimit: 2,
          retryDelayMs: 5000,
          expireSeconds: 60,
          tenantId: input.tenantId,
          singletonKey: `electron:${inspection!.id}`,
        },
        q,
      );
      return (await getArchive(q, input.tenantId, inspection!.id))!;
    });
  } catch (error) {
    await discard().catch(() => undefined);
    throw error;
  }
}
