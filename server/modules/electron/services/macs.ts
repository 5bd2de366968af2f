import { deviceDisplayName } from '@common/devices/deviceDisplayName';

import { type Database, HttpError, type Queryable } from '../../../contracts';
import { iso, json, type Stamp } from '../../../db/sqlRows';
import { listDeviceIncidents, OPEN_STATES_SQL } from '../../gluon/public';
import { type MacReport, type MacRisk, worstLevel } from '../../inspection/public';
import type { MacDetail, MacSummary } from '../schemas';
import { TIMELINE_KINDS } from '../schemas';
import { listArchives } from './archives';

interface MacRow {
  id: string;
  name: string;
  serial: string | null;
  model_code: string | null;
  os_version: string | null;
  last_inspection_at: Stamp;
  open_incidents: number;
  heuristic_level: MacRisk | null;
  heuristics: number | null;
}

/**
 * Each Mac with its open incidents and its latest archive's heuristics that still count: one
 * triaged benign (electron_heuristic_triage, by `<rule> <message>`) is left out of the level and
 * the count.
 */
const SELECT_MACS = `
  SELECT d.id, d.name, d.serial, d.model_code, d.os_version, d.last_inspection_at,
    (SELECT count(*)::int FROM gluon_incidents i WHERE i.device_id = d.id AND i.state IN ${OPEN_STATES_SQL}) AS open_incidents,
    counted.heuristic_level, counted.heuristics
  FROM gluon_devices d
  LEFT JOIN LATERAL (
    SELECT a.heuristic_level, a.report FROM electron_archives a JOIN gluon_inspections n ON n.id = a.inspection_id
    WHERE a.device_id = d.id AND n.status = 'done' ORDER BY a.created_at DESC LIMIT 1
  ) latest ON true
  LEFT JOIN LATERAL (
    SELECT count(*)::int AS heuristics,
      (ARRAY['none', 'low', 'medium', 'high'])[1 + COALESCE(max(CASE h->>'level' WHEN 'high' THEN 3 WHEN 'medium' THEN 2 WHEN 'low' THEN 1 ELSE 0 END), 0)] AS heuristic_level
    FROM jsonb_array_elements(COALESCE(latest.report->'heuristics', '[]'::jsonb)) h
    WHERE NOT EXISTS (
      SELECT 1 FROM electron_heuristic_triage t
      WHERE t.device_id = d.id AND t.heuristic_key = (h->>'rule') || ' ' || (h->>'message'))
  ) counted ON latest.report IS NOT NULL
  WHERE d.tenant_id = $1 AND d.platform = 'macos'`;

/** A heuristic's identity across archives: the same rule about the same item (its message names it). */
export const heuristicKey = (h: { rule: string; message: string }): string => `${h.rule} ${h.message}`;

interface TriageRow {
  heuristic_key: string;
  comment: string;
  triaged_by_email: string | null;
  triaged_at: Stamp;
}

async function triageOf(q: Queryable, deviceId: string): Promise<Map<string, TriageRow>> {
  const rows = await q.query<TriageRow>(
    'SELECT heuristic_key, comment, triaged_by_email, triaged_at FROM electron_heuristic_triage WHERE device_id = $1',
    [deviceId],
  );
  return new Map(rows.map((r) => [r.heuristic_key, r]));
}

/** A Mac's risk: High while an incident is open, else the worst heuristic of its latest archive. */
function riskOf(r: MacRow): MacRisk {
  return r.open_incidents > 0 ? 'high' : worstLevel([r.heuristic_level ?? 'none']);
}

function toSummary(r: MacRow): MacSummary {
  return {
    id: r.id,
    name: r.name,
    displayName: deviceDisplayName(r.name),
    serial: r.serial,
    model: r.model_code,
    osVersion: r.os_version,
    risk: riskOf(r),
    openIncidents: r.open_incidents,
    heuristics: r.heuristics ?? 0,
    lastInspectionAt: iso(r.last_inspection_at),
  };
}

const RANK: Record<MacRisk, number> = { high: 0, medium: 1, low: 2, none: 3 };

/** The tenant's Macs, riskiest first, then the most recently inspected. */
export async function listMacs(q: Queryable, tenantId: string): Promise<MacSummary[]> {
  const rows = await q.query<MacRow>(`${SELECT_MACS} ORDER BY d.last_inspection_at DESC NULLS LAST, d.id LIMIT 1000`, [
    tenantId,
  ]);
  return rows.map(toSummary).sort((a, b) => RANK[a.risk] - RANK[b.risk]);
}

async function latestReport(q: Queryable, deviceId: string): Promise<Partial<MacReport>> {
  const [row] = await q.query<{ report: unknown }>(
    `SELECT a.report FROM electron_archives a JOIN gluon_inspections n ON n.id = a.inspection_id
     WHERE a.device_id = $1 AND n.status = 'done' ORDER BY a.created_at DESC LIMIT 1`,
    [deviceId],
  );
  return json<Partial<MacReport>>(row?.report, {});
}

async function macRow(q: Queryable, tenantId: string, id: string): Promise<MacRow> {
  const [row] = await q.query<MacRow>(`${SELECT_MACS} AND d.id = $2`, [tenantId, id]);
  if (!row) throw new HttpError(404, 'This Mac does not exist.');
  return row;
}

/**
 * Marks a heuristic of the Mac's latest archive benign (with why), or reopens it: a benign one no
 * longer counts in the Mac's risk, in later archives too, until reopened. A key the latest archive
 * does not report is a 404 (nothing to triage); benign needs a comment.
 */
export async function triageHeuristic(
  db: Database,
  tenantId: string,
  id: string,
  input: { key: string; state: 'benign' | 'open'; comment?: string },
  by: { userId: string; email: string | null },
): Promise<{ from: 'benign' | 'open' }> {
  const comment = input.comment?.trim() ?? '';
  if (input.state === 'benign' && !comment) throw new HttpError(400, 'Say why this heuristic is benign.');
  return db.tx(async (q) => {
    await macRow(q, tenantId, id);
    const report = await latestReport(q, id);
    if (!(report.heuristics ?? []).some((h) => heuristicKey(h) === input.key))
      throw new HttpError(404, "This heuristic is not in the Mac's latest archive.");
    const [held] = await q.query(
      'SELECT 1 FROM electron_heuristic_triage WHERE device_id = $1 AND heuristic_key = $2',
      [id, input.key],
    );
    if (input.state === 'open')
      await q.query('DELETE FROM electron_heuristic_triage WHERE device_id = $1 AND heuristic_key = $2', [
        id,
        input.key,
      ]);
    else
      await q.query(
        `INSERT INTO electron_heuristic_triage (device_id, tenant_id, heuristic_key, comment, triaged_by, triaged_by_email)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (device_id, heuristic_key) DO UPDATE SET comment = EXCLUDED.comment, triaged_by = EXCLUDED.triaged_by,
           triaged_by_email = EXCLUDED.triaged_by_email, triaged_at = now()`,
        [id, tenantId, input.key, comment, by.userId, by.email],
      );
    return { from: held ? 'benign' : 'open' };
  });
}

/** A Mac's page: its latest archive's report, its incidents (gluon's) and its archives. */
export async function getMac(q: Queryable, tenantId: string, id: string): Promise<MacDetail> {
  const row = await macRow(q, tenantId, id);
  const report = await latestReport(q, id);
  const incidents = await listDeviceIncidents(q, tenantId, id);
  const triage = await triageOf(q, id);
  // Reports stored before the schema said null left an unknown setting out.
  const flag = (v: boolean | null | undefined) => v ?? null;
  return {
    mac: toSummary(row),
    security: {
      sip: flag(report.security?.sip),
      gatekeeper: flag(report.security?.gatekeeper),
      fileVault: flag(report.security?.fileVault),
    },
    heuristics: (report.heuristics ?? []).map((h) => {
      const key = heuristicKey(h);
      const t = triage.get(key);
      return {
        ...h,
        key,
        triage: t
          ? { state: 'benign' as const, comment: t.comment, by: t.triaged_by_email, at: iso(t.triaged_at)! }
          : null,
      };
    }),
    incidents: incidents.map((i) => ({
      id: i.id,
      familyName: i.familyName,
      state: i.state,
      findings: i.findings,
      updatedAt: i.updatedAt,
    })),
    persistence: report.persistence ?? [],
    tcc: report.tcc ?? [],
    processes: report.processes ?? [],
    network: report.network ?? [],
    downloads: report.downloads ?? [],
    artefacts: report.artefacts ?? [],
    warnings: report.warnings ?? [],
    archives: await listArchives(q, tenantId, { deviceId: id, limit: 20 }),
  };
}

/** One page of a Mac's storyline (every source merged, oldest first), filtered by kind and text. */
export async function macTimeline(
  q: Queryable,
  tenantId: string,
  id: string,
  options: { page: number; size: number; kind?: (typeof TIMELINE_KINDS)[number]; search?: string },
): Promise<{ items: NonNullable<MacReport['timeline']>; total: number; page: number; size: number }> {
  await macRow(q, tenantId, id);
  const report = await latestReport(q, id);
  const needle = options.search?.toLowerCase();
  const events = (report.timeline ?? []).filter(
    (e) => (!options.kind || e.kind === options.kind) && (!needle || e.text.toLowerCase().includes(needle)),
  );
  const start = options.page * options.size;
  return {
    items: events.slice(start, start + options.size),
    total: events.length,
    page: options.page,
    size: options.size,
  };
}
