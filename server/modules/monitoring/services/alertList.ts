import { csvDocument } from '@common/csv/csvCell';
import { isoInZone } from '@common/format/zonedTime';

import { HttpError, type Queryable } from '../../../contracts';
import { likePattern } from '../../../services/listQuery';
import { tenantTimeZone } from '../../../services/tenants';
import { incidentOwners } from '../../gluon/public';
import type { AlertView } from '../schemas';
import {
  ALERT_COLUMNS,
  type AlertCategory,
  type AlertRow,
  type AlertSeverity,
  type AlertStatus,
  toAlert,
} from './alertTypes';

export const ALERT_SORTS = ['lastSeen', 'firstSeen', 'severity', 'status', 'device'] as const;
export type AlertSort = (typeof ALERT_SORTS)[number];

const ORDER: Record<AlertSort, string> = {
  lastSeen: 'a.last_seen',
  firstSeen: 'a.first_seen',
  severity: "array_position(ARRAY['low', 'medium', 'high'], a.severity)",
  status: 'a.status',
  device: 'a.device_name',
};

export interface AlertFilter {
  status?: AlertStatus;
  severity?: AlertSeverity;
  category?: AlertCategory;
  deviceId?: string;
  familyId?: string;
  search?: string;
  sort: AlertSort;
  dir: 'asc' | 'desc';
}

interface Row extends AlertRow {
  status: AlertStatus;
  status_by_email: string | null;
  status_at: Date | null;
  status_reason: string | null;
  total: number;
}

function where(tenantId: string, f: AlertFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [
    tenantId,
    f.status ?? null,
    f.severity ?? null,
    f.category ?? null,
    f.deviceId ?? null,
    f.familyId ?? null,
    likePattern(f.search),
  ];
  return {
    sql: `a.tenant_id = $1 AND ($2::text IS NULL OR a.status = $2) AND ($3::text IS NULL OR a.severity = $3) AND ($4::text IS NULL OR a.category = $4)
      AND ($5::uuid IS NULL OR a.device_id = $5) AND ($6::text IS NULL OR a.family_id = $6)
      AND ($7::text IS NULL OR a.title ILIKE $7 OR a.device_name ILIKE $7 OR a.family_name ILIKE $7)`,
    params,
  };
}

type Owners = Map<string, { id: string; email: string }>;

function view(r: Row, owners: Owners): AlertView {
  const { tenantId: _tenant, sourceKey: _key, firstSeen, lastSeen, ...alert } = toAlert(r);
  return {
    ...alert,
    owner: (alert.incidentId && owners.get(alert.incidentId)) || null,
    firstSeen: firstSeen.toISOString(),
    lastSeen: lastSeen.toISOString(),
    status: r.status,
    statusBy: r.status_by_email,
    statusAt: r.status_at ? new Date(r.status_at).toISOString() : null,
    statusReason: r.status_reason,
  };
}

const COLUMNS = `a.id, ${ALERT_COLUMNS.split(', ')
  .map((c) => `a.${c}`)
  .join(', ')}, a.status, a.status_by_email, a.status_at, a.status_reason`;

/** One page of the tenant's alerts, filtered and sorted on the server (ties by id, so pages never overlap). */
export async function listAlerts(
  q: Queryable,
  tenantId: string,
  f: AlertFilter,
  page: { page: number; size: number },
): Promise<{ items: AlertView[]; total: number }> {
  const w = where(tenantId, f);
  const rows = await q.query<Row>(
    `SELECT ${COLUMNS}, count(*) OVER ()::int AS total FROM monitoring_alerts a WHERE ${w.sql}
      ORDER BY ${ORDER[f.sort]} ${f.dir === 'asc' ? 'ASC' : 'DESC'} NULLS LAST, a.id LIMIT $8 OFFSET $9`,
    [...w.params, page.size, page.page * page.size],
  );
  const owners = await incidentOwners(
    q,
    tenantId,
    rows.map((r) => r.incident_id),
  );
  return { items: rows.map((r) => view(r, owners)), total: rows[0]?.total ?? 0 };
}

/** Every alert the filter selects, as CSV (at most `limit` rows, newest first). */
export async function alertsCsv(q: Queryable, tenantId: string, f: AlertFilter, limit = 50_000): Promise<string> {
  const w = where(tenantId, f);
  const rows = await q.query<Row>(
    `SELECT ${COLUMNS}, 0 AS total FROM monitoring_alerts a WHERE ${w.sql} ORDER BY ${ORDER[f.sort]} ${f.dir === 'asc' ? 'ASC' : 'DESC'} NULLS LAST, a.id LIMIT $8`,
    [...w.params, limit],
  );
  // Times in the tenant's zone, named, as its alert mails print them.
  const zone = await tenantTimeZone(q, tenantId);
  const owners = await incidentOwners(
    q,
    tenantId,
    rows.map((r) => r.incident_id),
  );
  const header = [
    'id',
    'severity',
    'category',
    'title',
    'device',
    'family',
    'firstSeen',
    'lastSeen',
    'status',
    'statusBy',
    'statusAt',
    'incidentId',
    'incidentOwner',
    'deviceId',
  ];
  return csvDocument(
    header,
    rows
      .map((r) => view(r, owners))
      .map((a) => [
        a.id,
        a.severity,
        a.category,
        a.title,
        a.deviceDisplayName,
        a.familyName,
        isoInZone(a.firstSeen, zone),
        isoInZone(a.lastSeen, zone),
        a.status,
        a.statusBy,
        a.statusAt === null ? null : isoInZone(a.statusAt, zone),
        a.incidentId,
        // The incident's owner as the Alerts table names them (their e-mail).
        a.owner?.email ?? null,
        a.deviceId,
      ]),
  );
}

/** Sets an alert's status, recording who and when; 404 for another tenant's or no alert. */
export async function setAlertStatus(
  q: Queryable,
  tenantId: string,
  alertId: string,
  status: AlertStatus,
  actor: { userId: string; email: string | null },
  now: Date,
): Promise<AlertView> {
  const [row] = await q.query<Row>(
    `UPDATE monitoring_alerts a SET status = $3, status_by = $4, status_by_email = $5, status_at = $6, status_reason = NULL WHERE a.id = $1 AND a.tenant_id = $2
     RETURNING ${COLUMNS}, 0 AS total`,
    [alertId, tenantId, status, actor.userId, actor.email, now],
  );
  if (!row) throw new HttpError(404, 'The alert does not exist.');
  return view(row, await incidentOwners(q, tenantId, [row.incident_id]));
}
