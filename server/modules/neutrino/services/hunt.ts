import { HttpError, type Database, type Queryable } from '../../../contracts';
import { iso, type Stamp } from '../../gluon/services/sqlRows';
import { huntSql, SEEN_FIRST, SEEN_LAST, validateHunt, type HuntQuery } from './huntQuery';
import { withTimeBudget } from './timeBudget';

/** Evidence rows shown per device; the rest is counted (and in the CSV export). */
export const EVIDENCE_PER_DEVICE = 5;
export const MAX_HUNT_PAGE = 100;
/** Rows of a CSV export: more is a hunt to narrow, not a file to read. */
export const MAX_EXPORT_ROWS = 50_000;

export interface Evidence {
  inspectionId: string;
  inspectionFile: string | null;
  inspectedAt: string;
  kind: string;
  value: string;
  source: string;
  line: number | null;
  occurrences: number;
  firstSeen: string;
  lastSeen: string;
}

export interface DeviceHits {
  device: { id: string; name: string; platform: string; modelCode: string | null; osVersion: string | null };
  firstSeen: string;
  lastSeen: string;
  /** Distinct observations (a value per inspection) and how often they were seen in all. */
  observations: number;
  occurrences: number;
  inspections: number;
  evidence: Evidence[];
}

export interface HuntPage {
  items: DeviceHits[];
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: string | null;
}

/** Keyset: the last device of a page, ordered by its last sighting (newest first), then id. */
interface Cursor {
  lastSeen: string;
  deviceId: string;
}

export function encodeCursor(c: Cursor): string {
  return Buffer.from(`${c.lastSeen}|${c.deviceId}`, 'utf8').toString('base64url');
}

export function decodeCursor(value: string): Cursor {
  const [lastSeen, deviceId] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  if (!lastSeen || !deviceId || Number.isNaN(Date.parse(lastSeen)) || !/^[0-9a-f-]{36}$/i.test(deviceId)) throw new HttpError(400, 'This page link is not valid; search again.');
  return { lastSeen, deviceId };
}

interface GroupRow {
  device_id: string;
  name: string;
  platform: string;
  model_code: string | null;
  os_version: string | null;
  first_seen: Stamp;
  last_seen: Stamp;
  observations: number;
  occurrences: number;
  inspections: number;
}

interface EvidenceRow {
  device_id: string;
  inspection_id: string;
  file_name: string | null;
  inspected_at: Stamp;
  kind: string;
  value: string;
  source: string;
  line: number | null;
  occurrences: number;
  first_seen: Stamp;
  last_seen: Stamp;
}

const toEvidence = (r: EvidenceRow): Evidence => ({
  inspectionId: r.inspection_id,
  inspectionFile: r.file_name,
  inspectedAt: iso(r.inspected_at)!,
  kind: r.kind,
  value: r.value,
  source: r.source,
  line: r.line,
  occurrences: r.occurrences,
  firstSeen: iso(r.first_seen)!,
  lastSeen: iso(r.last_seen)!,
});

/**
 * One page of devices that observed the hunted value, newest sighting first: each with its first
 * and last sighting, counts, and its most recent evidence (file, line, inspection).
 */
export async function huntDevices(db: Database, tenantId: string, input: HuntQuery, page: { cursor?: string; size: number }): Promise<HuntPage> {
  const query = validateHunt(input);
  const size = Math.min(Math.max(1, page.size), MAX_HUNT_PAGE);
  const cursor = page.cursor ? decodeCursor(page.cursor) : null;
  return withTimeBudget(db, async (q) => {
    const where = huntSql(tenantId, query);
    const params = [...where.params];
    let having = '';
    if (cursor) {
      params.push(cursor.lastSeen, cursor.deviceId);
      having = `HAVING (max(${SEEN_LAST}), o.device_id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`;
    }
    params.push(size + 1);
    const groups = await q.query<GroupRow>(
      `${where.with} SELECT o.device_id, d.name, d.platform, d.model_code, d.os_version,
              min(${SEEN_FIRST}) AS first_seen, max(${SEEN_LAST}) AS last_seen,
              count(*)::int AS observations, sum(o.occurrences)::int AS occurrences, count(DISTINCT o.inspection_id)::int AS inspections
       ${where.from} WHERE ${where.where}
       GROUP BY o.device_id, d.name, d.platform, d.model_code, d.os_version ${having}
       ORDER BY max(${SEEN_LAST}) DESC, o.device_id DESC LIMIT $${params.length}`,
      params,
    );
    const more = groups.length > size;
    const shown = groups.slice(0, size);
    const evidence = await evidenceOf(
      q,
      tenantId,
      query,
      shown.map((g) => g.device_id),
    );
    const items = shown.map((g): DeviceHits => ({
      device: { id: g.device_id, name: g.name, platform: g.platform, modelCode: g.model_code, osVersion: g.os_version },
      firstSeen: iso(g.first_seen)!,
      lastSeen: iso(g.last_seen)!,
      observations: g.observations,
      occurrences: g.occurrences,
      inspections: g.inspections,
      evidence: (evidence.get(g.device_id) ?? []).map(toEvidence),
    }));
    const last = shown.at(-1);
    return { items, nextCursor: more && last ? encodeCursor({ lastSeen: iso(last.last_seen)!, deviceId: last.device_id }) : null };
  });
}

async function evidenceOf(q: Queryable, tenantId: string, query: HuntQuery, deviceIds: string[]): Promise<Map<string, EvidenceRow[]>> {
  const out = new Map<string, EvidenceRow[]>();
  if (deviceIds.length === 0) return out;
  const where = huntSql(tenantId, query);
  const params = [...where.params, deviceIds, EVIDENCE_PER_DEVICE];
  const rows = await q.query<EvidenceRow>(
    `${where.with} SELECT * FROM (
       SELECT o.device_id, o.inspection_id, i.file_name, i.created_at AS inspected_at, o.kind, o.value, o.source, o.line, o.occurrences,
              ${SEEN_FIRST} AS first_seen, ${SEEN_LAST} AS last_seen,
              row_number() OVER (PARTITION BY o.device_id ORDER BY ${SEEN_LAST} DESC, o.id DESC) AS n
       ${where.from} WHERE ${where.where} AND o.device_id = ANY($${params.length - 1}::uuid[])
     ) e WHERE n <= $${params.length} ORDER BY device_id, n`,
    params,
  );
  for (const r of rows) {
    const list = out.get(r.device_id);
    if (list) list.push(r);
    else out.set(r.device_id, [r]);
  }
  return out;
}

export interface ExportRow extends Evidence {
  deviceId: string;
  deviceName: string;
}

/** Every matching observation (at most MAX_EXPORT_ROWS), device by device, for the CSV export. */
export async function huntRows(db: Database, tenantId: string, input: HuntQuery): Promise<ExportRow[]> {
  const query = validateHunt(input);
  return withTimeBudget(db, async (q) => {
    const where = huntSql(tenantId, query);
    const rows = await q.query<EvidenceRow & { name: string }>(
      `${where.with} SELECT o.device_id, d.name, o.inspection_id, i.file_name, i.created_at AS inspected_at, o.kind, o.value, o.source, o.line, o.occurrences,
              ${SEEN_FIRST} AS first_seen, ${SEEN_LAST} AS last_seen
       ${where.from} WHERE ${where.where} ORDER BY d.name, o.device_id, ${SEEN_LAST} DESC, o.id LIMIT ${MAX_EXPORT_ROWS}`,
      where.params,
    );
    return rows.map((r) => ({ deviceId: r.device_id, deviceName: r.name, ...toEvidence(r) }));
  });
}

export const EXPORT_HEADER = ['Device', 'Device id', 'Kind', 'Value', 'File', 'Line', 'Occurrences', 'First seen', 'Last seen', 'Inspection', 'Inspected file', 'Inspected at'];

export function exportCells(r: ExportRow): unknown[] {
  return [r.deviceName, r.deviceId, r.kind, r.value, r.source, r.line, r.occurrences, r.firstSeen, r.lastSeen, r.inspectionId, r.inspectionFile, r.inspectedAt];
}
