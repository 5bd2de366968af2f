import { deviceDisplayName } from '@common/devices/deviceDisplayName';
import { isoInZone, UTC_ZONE } from '@common/format/zonedTime';

import { type Database, HttpError } from '../../../contracts';
import { iso, type Stamp } from '../../../db/sqlRows';
import type { DeviceHits, Evidence, HuntPage } from '../schemas';
import { type HuntQuery, huntSql, SEEN_FIRST, SEEN_LAST, validateHunt } from './huntQuery';
import { dictionaryValues } from './huntValues';
import { withTimeBudget } from './timeBudget';

/** Evidence rows shown per device; the rest is counted (and in the CSV export). */
export const EVIDENCE_PER_DEVICE = 5;
export const MAX_HUNT_PAGE = 100;
/** Rows of a CSV export: more is a hunt to narrow, not a file to read. */
export const MAX_EXPORT_ROWS = 50_000;

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
  if (!lastSeen || !deviceId || Number.isNaN(Date.parse(lastSeen)) || !/^[0-9a-f-]{36}$/i.test(deviceId))
    throw new HttpError(400, 'This page link is not valid; search again.');
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

/** A page row: a device's group, repeated beside each of its evidence rows (null when it has none). */
type PageRow = GroupRow & { [K in keyof EvidenceRow as `e_${K}`]: EvidenceRow[K] | null } & { e_n: number | null };

const evidenceOf = (r: PageRow): EvidenceRow => ({
  device_id: r.device_id,
  inspection_id: r.e_inspection_id!,
  file_name: r.e_file_name,
  inspected_at: r.e_inspected_at!,
  kind: r.e_kind!,
  value: r.e_value!,
  source: r.e_source!,
  line: r.e_line,
  occurrences: r.e_occurrences!,
  first_seen: r.e_first_seen!,
  last_seen: r.e_last_seen!,
});

/** `dictionaryLimit`: see huntValues.ts (0 reads the observations' trigram index directly: tests and bench compare both). */
export interface HuntOptions {
  dictionaryLimit?: number;
}

/**
 * One page of devices that observed the hunted value, newest sighting first: each with its first
 * and last sighting, counts, and its most recent evidence (file, line, inspection).
 *
 * One statement: the page's groups and their evidence read the same matched rows. The value
 * predicate's index scan is the cost of a common substring (its trigrams' GIN posting lists are
 * read whole), so running it once, not once for the groups and again for the evidence, halves it.
 * A contains hunt first looks its substring up in the value dictionary (huntValues.ts): the
 * observations are then read by value through the b-tree, unless too many values match.
 */
export async function huntDevices(
  db: Database,
  tenantId: string,
  input: HuntQuery,
  page: { cursor?: string; size: number },
  options: HuntOptions = {},
): Promise<HuntPage> {
  const query = validateHunt(input);
  const size = Math.min(Math.max(1, page.size), MAX_HUNT_PAGE);
  const cursor = page.cursor ? decodeCursor(page.cursor) : null;
  const values = (await dictionaryValues(db, query, options.dictionaryLimit)) ?? undefined;
  return withTimeBudget(db, async (q) => {
    const where = huntSql(tenantId, query, 1, values);
    const params = [...where.params];
    let having = '';
    if (cursor) {
      params.push(cursor.lastSeen, cursor.deviceId);
      having = `HAVING (max(last_seen), device_id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`;
    }
    params.push(size + 1, EVIDENCE_PER_DEVICE);
    const rows = await q.query<PageRow>(
      `${where.with}, matched AS (
         SELECT o.id, o.device_id, d.name, d.platform, d.model_code, d.os_version, o.inspection_id, i.file_name, i.created_at AS inspected_at,
                o.kind, o.value, o.source, o.line, o.occurrences, ${SEEN_FIRST} AS first_seen, ${SEEN_LAST} AS last_seen
         ${where.from} WHERE ${where.where}
       ), groups AS (
         SELECT device_id, name, platform, model_code, os_version, min(first_seen) AS first_seen, max(last_seen) AS last_seen,
                count(*)::int AS observations, sum(occurrences)::int AS occurrences, count(DISTINCT inspection_id)::int AS inspections
         FROM matched GROUP BY device_id, name, platform, model_code, os_version ${having}
         ORDER BY max(last_seen) DESC, device_id DESC LIMIT $${params.length - 1}
       ), evidence AS (
         SELECT * FROM (
           SELECT m.*, row_number() OVER (PARTITION BY m.device_id ORDER BY m.last_seen DESC, m.id DESC) AS n
           FROM matched m WHERE m.device_id IN (SELECT device_id FROM groups)
         ) ranked WHERE n <= $${params.length}
       )
       SELECT g.*, e.n AS e_n, e.inspection_id AS e_inspection_id, e.file_name AS e_file_name, e.inspected_at AS e_inspected_at,
              e.kind AS e_kind, e.value AS e_value, e.source AS e_source, e.line AS e_line, e.occurrences AS e_occurrences,
              e.first_seen AS e_first_seen, e.last_seen AS e_last_seen
       FROM groups g LEFT JOIN evidence e ON e.device_id = g.device_id
       ORDER BY g.last_seen DESC, g.device_id DESC, e.n`,
      params,
    );
    const groups: Array<{ group: GroupRow; evidence: EvidenceRow[] }> = [];
    for (const r of rows) {
      // Rows come device by device (ORDER BY the group's key first).
      if (groups.at(-1)?.group.device_id !== r.device_id) groups.push({ group: r, evidence: [] });
      if (r.e_n !== null) groups.at(-1)!.evidence.push(evidenceOf(r));
    }
    const more = groups.length > size;
    const shown = groups.slice(0, size);
    const items = shown.map(({ group: g, evidence }): DeviceHits => ({
      device: {
        id: g.device_id,
        name: g.name,
        displayName: deviceDisplayName(g.name),
        platform: g.platform,
        modelCode: g.model_code,
        osVersion: g.os_version,
      },
      firstSeen: iso(g.first_seen)!,
      lastSeen: iso(g.last_seen)!,
      observations: g.observations,
      occurrences: g.occurrences,
      inspections: g.inspections,
      evidence: evidence.map(toEvidence),
    }));
    const last = shown.at(-1)?.group;
    return {
      items,
      nextCursor: more && last ? encodeCursor({ lastSeen: iso(last.last_seen)!, deviceId: last.device_id }) : null,
    };
  });
}

export interface ExportRow extends Evidence {
  deviceId: string;
  deviceName: string;
}

/** Every matching observation (at most MAX_EXPORT_ROWS), device by device, for the CSV export. */
export async function huntRows(
  db: Database,
  tenantId: string,
  input: HuntQuery,
  options: HuntOptions = {},
): Promise<ExportRow[]> {
  const query = validateHunt(input);
  const values = (await dictionaryValues(db, query, options.dictionaryLimit)) ?? undefined;
  return withTimeBudget(db, async (q) => {
    const where = huntSql(tenantId, query, 1, values);
    const rows = await q.query<EvidenceRow & { name: string }>(
      `${where.with} SELECT o.device_id, d.name, o.inspection_id, i.file_name, i.created_at AS inspected_at, o.kind, o.value, o.source, o.line, o.occurrences,
              ${SEEN_FIRST} AS first_seen, ${SEEN_LAST} AS last_seen
       ${where.from} WHERE ${where.where} ORDER BY d.name, o.device_id, ${SEEN_LAST} DESC, o.id LIMIT ${MAX_EXPORT_ROWS}`,
      where.params,
    );
    return rows.map((r) => ({ deviceId: r.device_id, deviceName: r.name, ...toEvidence(r) }));
  });
}

export const EXPORT_HEADER = [
  'Device',
  'Device id',
  'Kind',
  'Value',
  'File',
  'Line',
  'Occurrences',
  'First seen',
  'Last seen',
  'Inspection',
  'Inspected file',
  'Inspected at',
];

/** One CSV line; times in the tenant's zone, named, as its mails print them. */
export function exportCells(r: ExportRow, zone: { offset: number; name: string } = UTC_ZONE): unknown[] {
  const at = (value: string | null | undefined) => (value ? isoInZone(value, zone) : value);
  return [
    deviceDisplayName(r.deviceName),
    r.deviceId,
    r.kind,
    r.value,
    r.source,
    r.line,
    r.occurrences,
    at(r.firstSeen),
    at(r.lastSeen),
    r.inspectionId,
    r.inspectionFile,
    at(r.inspectedAt),
  ];
}
