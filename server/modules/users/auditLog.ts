import { csvCell as sharedCsvCell, csvDocument } from '@common/csv/csvCell';
import type { Queryable } from '../../contracts';
import { likePattern, type PageQuery } from '../../services/listQuery';

/** Reading the tenant's audit log (the write path is server/plugins/audit.ts). */

export interface AuditEventView {
  id: string;
  action: string;
  actorId: string | null;
  actorEmail: string | null;
  target: string | null;
  /** The target in words where it names a record of the tenant: a user's e-mail, a device's or rule set's name, an incident's family and device. */
  targetName: string | null;
  details: Record<string, unknown>;
  ip: string | null;
  createdAt: string;
}

export interface AuditFilter {
  /** Action prefix, e.g. 'user.' or 'user.invite'. */
  action?: string | undefined;
  /** Part of the actor's e-mail. */
  actor?: string | undefined;
  /** Inclusive lower bound (ISO date-time). */
  from?: string | undefined;
  /** Exclusive upper bound (ISO date-time). */
  to?: string | undefined;
}

/** At most this many rows go into one CSV export (newest first); the filter narrows a bigger log. */
export const AUDIT_EXPORT_LIMIT = 10_000;

type AuditRow = {
  id: string;
  action: string;
  actor_id: string | null;
  actor_email: string | null;
  target: string | null;
  target_name: string | null;
  details: unknown;
  ip: string | null;
  created_at: Date;
};

const WHERE = `e.tenant_id = $1
  AND ($2::text IS NULL OR e.action LIKE $2)
  AND ($3::text IS NULL OR u.email ILIKE $3)
  AND ($4::timestamptz IS NULL OR e.created_at >= $4)
  AND ($5::timestamptz IS NULL OR e.created_at < $5)`;

/**
 * A target that is the id of one of the tenant's records, named (only on the page's rows, by
 * primary key): the audit log is read by people, who know a colleague by e-mail and a device by
 * its name. Other targets (e-mails, session ids, an OS) have no name; the console shows them as written.
 */
const TARGET_NAME = `CASE WHEN p.target_id IS NULL THEN NULL ELSE COALESCE(
    (SELECT t.email FROM users t WHERE t.id = p.target_id AND t.tenant_id = p.tenant_id),
    (SELECT d.name FROM gluon_devices d WHERE d.id = p.target_id AND d.tenant_id = p.tenant_id),
    (SELECT r.name FROM gluon_rule_sets r WHERE r.id = p.target_id AND r.tenant_id = p.tenant_id),
    (SELECT i.family_name || ' on ' || d.name FROM gluon_incidents i JOIN gluon_devices d ON d.id = i.device_id WHERE i.id = p.target_id AND i.tenant_id = p.tenant_id)
  ) END`;

function filterParams(tenantId: string, f: AuditFilter): unknown[] {
  const prefix = f.action ? `${f.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return [tenantId, prefix, likePattern(f.actor), f.from ?? null, f.to ?? null];
}

function view(r: AuditRow): AuditEventView {
  return {
    id: r.id,
    action: r.action,
    actorId: r.actor_id,
    actorEmail: r.actor_email,
    target: r.target,
    targetName: r.target_name ?? null,
    details: (typeof r.details === 'string' ? JSON.parse(r.details) : (r.details ?? {})) as Record<string, unknown>,
    ip: r.ip,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

async function selectEvents(q: Queryable, tenantId: string, f: AuditFilter, limit: number, offset: number): Promise<AuditEventView[]> {
  const rows = await q.query<AuditRow>(
    `SELECT p.id, p.action, p.actor_id, p.actor_email, p.target, ${TARGET_NAME} AS target_name, p.details, p.ip, p.created_at
       FROM (SELECT e.id, e.tenant_id, e.action, e.actor_id, u.email AS actor_email, e.target, e.details, e.ip, e.created_at,
                    CASE WHEN e.target ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN e.target::uuid END AS target_id
               FROM audit_events e LEFT JOIN users u ON u.id = e.actor_id
              WHERE ${WHERE} ORDER BY e.created_at DESC, e.id LIMIT $6 OFFSET $7) p
      ORDER BY p.created_at DESC, p.id`,
    [...filterParams(tenantId, f), limit, offset],
  );
  return rows.map(view);
}

/** The tenant's audit log, newest first, filtered and paged. */
export async function listAuditEvents(q: Queryable, tenantId: string, query: PageQuery & AuditFilter): Promise<{ items: AuditEventView[]; total: number }> {
  const [items, count] = await Promise.all([
    selectEvents(q, tenantId, query, query.size, query.page * query.size),
    q.query<{ n: string | number }>(`SELECT count(*) AS n FROM audit_events e LEFT JOIN users u ON u.id = e.actor_id WHERE ${WHERE}`, filterParams(tenantId, query)),
  ]);
  return { items, total: Number(count[0]?.n ?? 0) };
}

/**
 * One audit CSV cell: always quoted (actions, targets and details are free text), quotes
 * doubled, a leading = + - @ (or tab/CR) defused with a quote so a spreadsheet never runs an
 * audited value (a target e-mail, say) as a formula. The escaper is common/csv's, shared by every export.
 */
export function csvCell(value: unknown): string {
  return sharedCsvCell(value, 'always');
}

export const AUDIT_CSV_COLUMNS = ['time', 'action', 'actor', 'target', 'ip', 'details'] as const;

/** The filtered log as CSV (header + newest first), at most AUDIT_EXPORT_LIMIT rows. */
export async function auditEventsCsv(q: Queryable, tenantId: string, filter: AuditFilter): Promise<string> {
  const events = await selectEvents(q, tenantId, filter, AUDIT_EXPORT_LIMIT, 0);
  return csvDocument(
    AUDIT_CSV_COLUMNS,
    events.map((e) => [e.createdAt, e.action, e.actorEmail ?? e.actorId, e.target, e.ip, e.details]),
    'always',
  );
}
