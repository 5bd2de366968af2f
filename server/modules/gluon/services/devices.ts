import { deviceDisplayName } from '@common/devices/deviceDisplayName';

import { HttpError, type Queryable } from '../../../contracts';
import { iso, json, type Stamp } from '../../../db/sqlRows';
import {
  cappedCount,
  type CappedTotal,
  type Cursors,
  inOrder,
  type Keyset,
  keysetPage,
  likePattern,
  type ListQuery,
} from '../../../services/listQuery';
import { type DeviceIdentity, HEURISTIC_WHY, type HeuristicRule, type Platform } from '../../inspection/public';
import type { CrashItem, DeviceFile, DeviceSummary, InspectionItem, ProcessItem } from '../schemas';
import { OPEN_STATES_SQL } from './incidentStateSql';
import type { InspectionOrigin, InspectionStatus } from './inspectionStatus';

/**
 * The device an inspection belongs to: the one it was uploaded for (a collector link or the
 * device page), else the one with the report's crashReporterKey, else a new device named after the file.
 */
export async function resolveDevice(
  q: Queryable,
  tenantId: string,
  presetId: string | null,
  identity: DeviceIdentity,
  fileName: string,
): Promise<string> {
  const model = identity.modelCode ?? null;
  const os = identity.osVersion ?? null;
  // The platform is set only when an artefact says it (an Android acquisition); iOS is the default.
  const platform = identity.platform ?? null;
  const patch = identity.securityPatch ?? null;
  const fingerprint = identity.fingerprint ?? null;
  const serial = identity.serial ?? null;
  const facts = [model, os, platform, patch, fingerprint];
  const update = `model_code = COALESCE($2, model_code), os_version = COALESCE($3, os_version), platform = COALESCE($4, platform),
    security_patch = COALESCE($5, security_patch), build_fingerprint = COALESCE($6, build_fingerprint), last_inspection_at = now()`;
  if (presetId) {
    // A collector's device learns its serial, unless another device of the tenant already holds it.
    await q.query(
      `UPDATE gluon_devices SET ${update},
         serial = CASE WHEN serial IS NULL AND NOT EXISTS (SELECT 1 FROM gluon_devices o WHERE o.tenant_id = gluon_devices.tenant_id AND o.serial = $7) THEN $7 ELSE serial END
       WHERE id = $1`,
      [presetId, ...facts, serial],
    );
    return presetId;
  }
  const key = identity.crashReporterKey ?? null;
  const name = model
    ? `${model}${key ? ` · ${key.slice(0, 8)}` : serial ? ` · ${serial.slice(0, 8)}` : ''}`
    : `Device from ${fileName}`;
  const excluded = (c: string) => `${c} = COALESCE(EXCLUDED.${c}, gluon_devices.${c})`;
  const onConflictUpdate = `DO UPDATE SET ${['model_code', 'os_version', 'platform', 'security_patch', 'build_fingerprint'].map(excluded).join(', ')}, last_inspection_at = now()`;
  const insert = `INSERT INTO gluon_devices (tenant_id, name, model_code, os_version, platform, security_patch, build_fingerprint, crash_reporter_key, serial, last_inspection_at)
    VALUES ($1, $2, $3, $4, COALESCE($5, 'ios'), $6, $7, $8, $9, now())`;
  const values = [tenantId, name, ...facts, key, serial];
  if (key) {
    const [row] = await q.query<{ id: string }>(
      `${insert} ON CONFLICT (tenant_id, crash_reporter_key) WHERE crash_reporter_key IS NOT NULL ${onConflictUpdate} RETURNING id`,
      values,
    );
    return row!.id;
  }
  if (serial) {
    const [row] = await q.query<{ id: string }>(
      `${insert} ON CONFLICT (tenant_id, serial) WHERE serial IS NOT NULL ${onConflictUpdate} RETURNING id`,
      values,
    );
    return row!.id;
  }
  const [row] = await q.query<{ id: string }>(`${insert} RETURNING id`, values);
  return row!.id;
}

interface DeviceRow {
  id: string;
  name: string;
  platform: Platform;
  security_patch: string | null;
  build_fingerprint: string | null;
  serial: string | null;
  model_code: string | null;
  os_version: string | null;
  crash_reporter_key: string | null;
  last_inspection_at: Stamp;
  inspections: number;
  open_incidents: number;
}

const SELECT_DEVICES = `
  SELECT d.*,
    (SELECT count(*)::int FROM gluon_inspections n WHERE n.device_id = d.id AND n.origin NOT IN ('rescan', 'rematch')) AS inspections,
    (SELECT count(*)::int FROM gluon_incidents i WHERE i.device_id = d.id AND i.state IN ${OPEN_STATES_SQL}) AS open_incidents
  FROM gluon_devices d`;

function toSummary(r: DeviceRow): DeviceSummary {
  return {
    id: r.id,
    name: r.name,
    displayName: deviceDisplayName(r.name),
    platform: r.platform,
    securityPatch: r.security_patch,
    buildFingerprint: r.build_fingerprint,
    serial: r.serial,
    modelCode: r.model_code,
    osVersion: r.os_version,
    crashReporterKey: r.crash_reporter_key,
    lastInspectionAt: iso(r.last_inspection_at),
    inspections: r.inspections,
    openIncidents: r.open_incidents,
    severity: r.open_incidents > 0 ? 'high' : 'none',
  };
}

/** The devices list's search text: the expression of the trigram index gluon_devices_search (migration 011). */
const SEARCH_TEXT =
  "lower(d.name || chr(31) || coalesce(d.model_code, '') || chr(31) || coalesce(d.os_version, '') || chr(31) || coalesce(d.crash_reporter_key, ''))";

/** The devices list's order, that of the index gluon_devices_list: most recently inspected first, never inspected last, id breaking ties. */
export const DEVICES_KEYSET: Keyset = { key: 'd.last_inspection_at', id: 'd.id', nullable: true };

/**
 * One page of devices in DEVICES_KEYSET's order, by number or by cursor (listQuery.ts keysetPage);
 * `search` matches name, model, OS and key on a trigram index. The page is cut on the index, then
 * its rows are read with their per-device counts (after LIMIT: 20 devices' counts, not every match's).
 */
export async function listDevices(
  q: Queryable,
  tenantId: string,
  options: ListQuery & { search?: string },
): Promise<{ items: DeviceSummary[] } & CappedTotal & Cursors> {
  const search = likePattern(options.search?.trim().toLowerCase());
  const params: unknown[] = search ? [tenantId, search] : [tenantId];
  const fromWhere = `FROM gluon_devices d WHERE d.tenant_id = $1${search ? ` AND ${SEARCH_TEXT} LIKE $2` : ''}`;
  const [page, count] = await Promise.all([
    keysetPage(q, DEVICES_KEYSET, fromWhere, params, options),
    cappedCount(q, fromWhere, params, options.depth),
  ]);
  const rows = page.ids.length
    ? await q.query<DeviceRow>(`${SELECT_DEVICES} WHERE d.id = ANY($1::uuid[])`, [page.ids])
    : [];
  return {
    items: inOrder(page.ids, rows).map(toSummary),
    ...count,
    nextCursor: page.nextCursor,
    prevCursor: page.prevCursor,
  };
}

export async function getDevice(q: Queryable, tenantId: string, deviceId: string): Promise<DeviceSummary> {
  const [row] = await q.query<DeviceRow>(`${SELECT_DEVICES} WHERE d.tenant_id = $1 AND d.id = $2`, [
    tenantId,
    deviceId,
  ]);
  if (!row) throw new HttpError(404, 'Device not found');
  return toSummary(row);
}

/** The device's inspections over time (uploads, collector files and rescans), newest first. */
export async function listDeviceInspections(
  q: Queryable,
  tenantId: string,
  deviceId: string,
): Promise<InspectionItem[]> {
  const rows = await q.query<Record<string, unknown>>(
    'SELECT * FROM gluon_inspections WHERE tenant_id = $1 AND device_id = $2 ORDER BY created_at DESC LIMIT 200',
    [tenantId, deviceId],
  );
  return rows.map((r) => ({
    id: r.id as string,
    origin: r.origin as InspectionOrigin,
    fileId: (r.file_id as string | null) ?? null,
    fileName: (r.file_name as string | null) ?? null,
    status: r.status as InspectionStatus,
    progress: r.progress as number,
    error: (r.error as string | null) ?? null,
    ruleSetVersions: json(r.rule_set_versions, []),
    observations: r.observation_count as number,
    findings: r.finding_count as number,
    newFindings: r.new_finding_count as number,
    // Inspections stored before a rule said why carry neither `why` nor `evidence`: the rule's text is today's.
    heuristics: json<
      Array<
        Partial<InspectionItem['heuristics'][number]> &
          Pick<InspectionItem['heuristics'][number], 'rule' | 'message' | 'source' | 'line'>
      >
    >(r.heuristics, []).map((h) => ({
      ...h,
      why: h.why ?? HEURISTIC_WHY[h.rule as HeuristicRule] ?? null,
      evidence: h.evidence ?? [],
    })),
    warnings: json(r.warnings, []),
    createdAt: iso(r.created_at as Stamp)!,
    finishedAt: iso(r.finished_at as Stamp),
  }));
}

/**
 * Process explorer: every process seen on the device (names, and the executables of crash reports,
 * ps.txt and shutdown.log clients, AndroidQF processes.txt/json, by path), first and last seen, and where.
 */
export async function listProcesses(
  q: Queryable,
  tenantId: string,
  deviceId: string,
  options: { search?: string; limit: number },
): Promise<ProcessItem[]> {
  await getDevice(q, tenantId, deviceId);
  const rows = await q.query<{
    value: string;
    first_seen: Stamp;
    last_seen: Stamp;
    sources: string[];
    records: number;
  }>(
    `SELECT value, min(first_seen) AS first_seen, max(last_seen) AS last_seen, (array_agg(DISTINCT source))[1:5] AS sources, sum(occurrences)::int AS records
     FROM gluon_observations WHERE device_id = $1 AND ($2::text IS NULL OR lower(value) LIKE $2)
       AND (kind = 'process' OR (kind = 'path' AND (raw LIKE 'procPath%' OR source LIKE '%ps.txt' OR source LIKE '%shutdown.log' OR source LIKE '%shutdown._%.log' OR source LIKE '%processes.txt' OR source LIKE '%processes.json')))
     GROUP BY value ORDER BY max(last_seen) DESC NULLS LAST, value LIMIT $3`,
    [deviceId, likePattern(options.search?.trim().toLowerCase()), options.limit],
  );
  // The processes behind the device's incidents (an active finding on that value), to be marked.
  const behind = rows.length
    ? await q.query<{ value: string; id: string; family_name: string }>(
        `SELECT DISTINCT f.value, i.id, i.family_name FROM gluon_findings f JOIN gluon_incidents i ON i.id = f.incident_id
          WHERE i.tenant_id = $1 AND i.device_id = $2 AND NOT f.suppressed AND f.value = ANY($3::text[])
          ORDER BY i.family_name, i.id`,
        [tenantId, deviceId, rows.map((r) => r.value)],
      )
    : [];
  return rows.map((r) => ({
    name: r.value,
    firstSeen: iso(r.first_seen),
    lastSeen: iso(r.last_seen),
    sources: r.sources ?? [],
    records: r.records,
    incidents: behind.filter((b) => b.value === r.value).map((b) => ({ id: b.id, familyName: b.family_name })),
  }));
}

/** Crash explorer: the device's .ips reports and Android tombstones, each with the processes it names. */
export async function listCrashReports(q: Queryable, tenantId: string, deviceId: string): Promise<CrashItem[]> {
  await getDevice(q, tenantId, deviceId);
  const inspections = await q.query<{ id: string; artefacts: unknown; created_at: Stamp }>(
    "SELECT id, artefacts, created_at FROM gluon_inspections WHERE device_id = $1 AND origin NOT IN ('rescan', 'rematch') AND status = 'done' ORDER BY created_at DESC LIMIT 50",
    [deviceId],
  );
  const items: CrashItem[] = [];
  for (const inspection of inspections) {
    for (const a of json<
      Array<{ path: string; kind: string; observations: number; error?: string; processes?: string[]; at?: string }>
    >(inspection.artefacts, [])) {
      if (a.kind !== 'ips' && a.kind !== 'tombstone') continue;
      items.push({
        inspectionId: inspection.id,
        path: a.path,
        observations: a.observations,
        error: a.error ?? null,
        processes: a.processes ?? [],
        at: a.at ?? null,
        uploadedAt: iso(inspection.created_at)!,
      });
      if (items.length >= 1000) return items;
    }
  }
  return items;
}

/** The original files inspected for the device. */
export async function listDeviceFiles(q: Queryable, tenantId: string, deviceId: string): Promise<DeviceFile[]> {
  await getDevice(q, tenantId, deviceId);
  const rows = await q.query<{ id: string; name: string; size: string | number; sha256: string; uploaded_at: Stamp }>(
    `SELECT f.id, f.name, f.size, f.sha256, max(n.created_at) AS uploaded_at FROM gluon_files f JOIN gluon_inspections n ON n.file_id = f.id
     WHERE n.device_id = $1 AND f.tenant_id = $2 GROUP BY f.id ORDER BY max(n.created_at) DESC`,
    [deviceId, tenantId],
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    size: Number(r.size),
    sha256: r.sha256,
    uploadedAt: iso(r.uploaded_at)!,
  }));
}

export async function getFile(
  q: Queryable,
  tenantId: string,
  fileId: string,
): Promise<{ name: string; size: number; storageKey: string }> {
  const [row] = await q.query<{ name: string; size: string | number; storage_key: string }>(
    'SELECT name, size, storage_key FROM gluon_files WHERE tenant_id = $1 AND id = $2',
    [tenantId, fileId],
  );
  if (!row) throw new HttpError(404, 'File not found');
  return { name: row.name, size: Number(row.size), storageKey: row.storage_key };
}
