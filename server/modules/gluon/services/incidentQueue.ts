import { deviceDisplayName } from '@common/devices/deviceDisplayName';
import { isOpenIncidentState, OPEN_INCIDENT_STATES } from '@common/incidents/incidentStates';

import type { Queryable } from '../../../contracts';
import { iso, type Stamp } from '../../../db/sqlRows';
import { decodeCursor, encodeCursor, likePattern } from '../../../services/listQuery';
import type { GluonOverview, QueuePage } from '../schemas';
import {
  INCIDENT_SEVERITIES,
  INCIDENT_STATES,
  type IncidentRow,
  type IncidentSeverity,
  type IncidentState,
  OWNER_JOIN,
  toSummary,
} from './incidents';
import type { InspectionOrigin, InspectionStatus } from './inspectionStatus';

/** The incident queue's sort keys (the landing's columns). */
export const QUEUE_SORTS = ['updated', 'created', 'severity', 'family', 'device', 'state'] as const;
export type QueueSort = (typeof QUEUE_SORTS)[number];

/** Which states the queue shows: `active` (open and confirmed, the default), one state, or all. */
export const QUEUE_STATES = ['active', 'all', ...INCIDENT_STATES] as const;
export type QueueState = (typeof QUEUE_STATES)[number];

/**
 * Each sort key as an SQL expression and the type its cursor value is cast back to. The cursor
 * carries the value as the database printed it (`::text`), so a timestamp keeps its microseconds
 * (a JS Date would cut them and skip or repeat rows that share a millisecond).
 */
const rank = (values: readonly string[], column: string) =>
  `array_position(ARRAY[${values.map((v) => `'${v}'`).join(', ')}]::text[], ${column})`;
const SORT_SQL: Record<QueueSort, { expr: string; cast: string }> = {
  updated: { expr: 'i.updated_at', cast: 'timestamptz' },
  created: { expr: 'i.created_at', cast: 'timestamptz' },
  // By rank in INCIDENT_SEVERITIES (code constants, inlined: an unused parameter has no type in PostgreSQL) (most severe first), not by the word.
  severity: { expr: rank(INCIDENT_SEVERITIES, 'i.severity'), cast: 'int' },
  family: { expr: 'lower(i.family_name)', cast: 'text' },
  device: { expr: 'lower(d.name)', cast: 'text' },
  state: { expr: rank(INCIDENT_STATES, 'i.state'), cast: 'int' },
};

export interface QueueQuery {
  sort: QueueSort;
  order: 'asc' | 'desc';
  state: QueueState;
  severity?: IncidentSeverity | undefined;
  search?: string | undefined;
  size: number;
  after?: string | undefined;
  /** Only the incidents this user owns ("Assigned to me"). */
  ownerId?: string | undefined;
}

type QueueRow = Omit<IncidentRow, 'findings' | 'active'> & { sort_key: string };

/**
 * The tenant's incidents across devices, filtered and sorted on the server, one keyset page at a
 * time: `after` is the previous page's `next`. Ties on the sort key are broken by id, so a page
 * never repeats or skips a row while incidents are added before it.
 */
export async function listIncidentQueue(q: Queryable, tenantId: string, query: QueueQuery): Promise<QueuePage> {
  const { expr, cast } = SORT_SQL[query.sort];
  const states =
    query.state === 'active' ? [...OPEN_INCIDENT_STATES] : query.state === 'all' ? [...INCIDENT_STATES] : [query.state];
  const params: unknown[] = [
    tenantId,
    states,
    query.severity ?? null,
    likePattern(query.search?.trim().toLowerCase()),
    query.ownerId ?? null,
  ];
  const owned = 'AND ($5::uuid IS NULL OR i.owner_id = $5)';
  const where = `i.tenant_id = $1 AND i.state = ANY($2::text[]) AND ($3::text IS NULL OR i.severity = $3) ${owned}
    AND ($4::text IS NULL OR lower(i.family_name) LIKE $4 OR lower(d.name) LIKE $4 OR lower(coalesce(d.model_code, '')) LIKE $4)`;
  // The device is joined only when the search needs it: the usual count reads (tenant_id, state) alone.
  const search = params[3] !== null;
  const [counted] = await q.query<{ n: number }>(
    search
      ? `SELECT count(*)::int AS n FROM gluon_incidents i JOIN gluon_devices d ON d.id = i.device_id WHERE ${where}`
      : `SELECT count(*)::int AS n FROM gluon_incidents i WHERE i.tenant_id = $1 AND i.state = ANY($2::text[]) AND ($3::text IS NULL OR i.severity = $3) ${owned} AND $4::text IS NULL`,
    params,
  );
  const dir = query.order === 'asc' ? 'ASC' : 'DESC';
  let keyset = '';
  if (query.after) {
    const [key, id] = decodeCursor(query.after);
    params.push(key, id);
    keyset = ` AND (${expr}, i.id) ${query.order === 'asc' ? '>' : '<'} ($6::${cast}, $7::uuid)`;
  }
  params.push(query.size + 1);
  const rows = await q.query<QueueRow>(
    `SELECT i.*, d.name AS device_name, o.email AS owner_email, (${expr})::text AS sort_key
     FROM gluon_incidents i JOIN gluon_devices d ON d.id = i.device_id ${OWNER_JOIN}
     WHERE ${where}${keyset}
     ORDER BY ${expr} ${dir}, i.id ${dir} LIMIT $${params.length}`,
    params,
  );
  // The page's findings are counted once it is chosen: 25 incidents' counts, not every match's.
  const counts = new Map<string, { findings: number; active: number }>();
  if (rows.length) {
    const found = await q.query<{ incident_id: string; findings: number; active: number }>(
      `SELECT incident_id, count(*)::int AS findings, (count(*) FILTER (WHERE NOT suppressed))::int AS active
       FROM gluon_findings WHERE incident_id = ANY($1::uuid[]) GROUP BY incident_id`,
      [rows.map((r) => r.id)],
    );
    for (const f of found) counts.set(f.incident_id, { findings: f.findings, active: f.active });
  }
  const page = rows.slice(0, query.size);
  const last = page.at(-1);
  return {
    items: page.map((r) =>
      toSummary({ ...r, findings: counts.get(r.id)?.findings ?? 0, active: counts.get(r.id)?.active ?? 0 }),
    ),
    total: counted?.n ?? 0,
    next: rows.length > query.size && last ? encodeCursor(last.sort_key, last.id) : null,
  };
}

/** What the gluon landing shows above the queue: counts by severity and state, the latest inspections. */
export async function gluonOverview(q: Queryable, tenantId: string, latest = 8): Promise<GluonOverview> {
  const counts = await q.query<{ severity: IncidentSeverity; state: IncidentState; n: number }>(
    'SELECT severity, state, count(*)::int AS n FROM gluon_incidents WHERE tenant_id = $1 GROUP BY severity, state',
    [tenantId],
  );
  const byState = Object.fromEntries(INCIDENT_STATES.map((s) => [s, 0])) as Record<IncidentState, number>;
  const active = new Map<IncidentSeverity, number>();
  for (const c of counts) {
    byState[c.state] += c.n;
    if (isOpenIncidentState(c.state)) active.set(c.severity, (active.get(c.severity) ?? 0) + c.n);
  }
  const rows = await q.query<{
    id: string;
    device_id: string | null;
    device_name: string | null;
    file_name: string | null;
    origin: InspectionOrigin;
    status: InspectionStatus;
    progress: number;
    finding_count: number;
    new_finding_count: number;
    created_at: Stamp;
    finished_at: Stamp;
  }>(
    `SELECT n.id, n.device_id, d.name AS device_name, n.file_name, n.origin, n.status, n.progress, n.finding_count, n.new_finding_count, n.created_at, n.finished_at
     FROM gluon_inspections n LEFT JOIN gluon_devices d ON d.id = n.device_id
     WHERE n.tenant_id = $1 AND n.origin NOT IN ('rescan', 'rematch') ORDER BY n.created_at DESC, n.id DESC LIMIT $2`,
    [tenantId, latest],
  );
  return {
    bySeverity: INCIDENT_SEVERITIES.map((severity) => ({ severity, incidents: active.get(severity) ?? 0 })),
    byState,
    latestInspections: rows.map((r) => ({
      id: r.id,
      deviceId: r.device_id,
      deviceName: r.device_name,
      deviceDisplayName: deviceDisplayName(r.device_name),
      fileName: r.file_name,
      origin: r.origin,
      status: r.status,
      progress: r.progress,
      findings: r.finding_count,
      newFindings: r.new_finding_count,
      createdAt: iso(r.created_at)!,
      finishedAt: iso(r.finished_at),
    })),
  };
}
