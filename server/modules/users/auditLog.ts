import { csvCell as sharedCsvCell, csvDocument } from '@common/csv/csvCell';
import { deviceDisplayName } from '@common/devices/deviceDisplayName';
import { isoInZone } from '@common/format/zonedTime';

import { HttpError, type Queryable } from '../../contracts';
import {
  cappedCount,
  type CappedTotal,
  type Cursors,
  inOrder,
  type Keyset,
  keysetPage,
  likePattern,
  type ListQuery,
  readCursor,
} from '../../services/listQuery';
import { tenantTimeZone } from '../../services/tenants';
import type { AuditEventView, AuditFilter } from './userSchemas';

/** Reading the tenant's audit log (the write path is server/plugins/audit.ts). */

/** At most this many rows go into one CSV export (newest first); the filter narrows a bigger log. */
export const AUDIT_EXPORT_LIMIT = 10_000;

type AuditRow = {
  id: string;
  action: string;
  actor_id: string | null;
  actor_email: string | null;
  target: string | null;
  target_name: string | null;
  target_device: string | null;
  target_family: string | null;
  details: unknown;
  ip: string | null;
  created_at: Date;
};

/**
 * A target that is the id of one of the tenant's records, named (only on the page's rows, by
 * primary key): the audit log is read by people, who know a colleague by e-mail and a device by
 * its name, a collector link by its name and an upload by its file's. Other targets (e-mails, session ids,
 * an OS) have no name; the console shows them as written (an id as a machine value).
 * A device (a device's, or an incident's) is read apart, so `view` names it as every product does.
 */
const TARGET_NAME = `CASE WHEN p.target_id IS NULL THEN NULL ELSE COALESCE(
    (SELECT t.email FROM users t WHERE t.id = p.target_id AND t.tenant_id = p.tenant_id),
    (SELECT r.name FROM gluon_rule_sets r WHERE r.id = p.target_id AND r.tenant_id = p.tenant_id),
    (SELECT l.name FROM collector_links l WHERE l.id = p.target_id AND l.tenant_id = p.tenant_id),
    (SELECT n.file_name FROM gluon_inspections n WHERE n.id = p.target_id AND n.tenant_id = p.tenant_id)
  ) END AS target_name,
  CASE WHEN p.target_id IS NULL THEN NULL ELSE COALESCE(
    (SELECT d.name FROM gluon_devices d WHERE d.id = p.target_id AND d.tenant_id = p.tenant_id),
    (SELECT d.name FROM gluon_incidents i JOIN gluon_devices d ON d.id = i.device_id WHERE i.id = p.target_id AND i.tenant_id = p.tenant_id)
  ) END AS target_device,
  CASE WHEN p.target_id IS NULL THEN NULL ELSE
    (SELECT i.family_name FROM gluon_incidents i WHERE i.id = p.target_id AND i.tenant_id = p.tenant_id)
  END AS target_family`;

/** A target's name: a device by its display name, an incident as "<family> on <device>". */
function targetName(r: AuditRow): string | null {
  if (r.target_device === null) return r.target_name ?? null;
  const device = deviceDisplayName(r.target_device);
  return r.target_family === null ? device : `${r.target_family} on ${device}`;
}

/** At most this many users match the actor filter; a shorter part of an e-mail that matches more is refused. */
export const AUDIT_ACTOR_MATCHES = 200;

/**
 * The filter as a WHERE clause on audit_events alone: the actor's e-mail is resolved to user ids
 * first (trigram index users_email_trgm), then events are read by actor on audit_events_actor,
 * so no event is joined to its user before the page is cut. `null` when no user matches.
 */
async function filterClause(
  q: Queryable,
  tenantId: string,
  f: AuditFilter,
): Promise<{ where: string; params: unknown[] } | null> {
  const conditions = ['e.tenant_id = $1'];
  const params: unknown[] = [tenantId];
  const add = (condition: (n: number) => string, value: unknown) => {
    params.push(value);
    conditions.push(condition(params.length));
  };
  if (f.actor) {
    const users = await q.query<{ id: string }>(
      `SELECT id FROM users WHERE tenant_id = $1 AND email ILIKE $2 LIMIT ${AUDIT_ACTOR_MATCHES + 1}`,
      [tenantId, likePattern(f.actor)],
    );
    if (!users.length) return null;
    if (users.length > AUDIT_ACTOR_MATCHES)
      throw new HttpError(
        400,
        `More than ${AUDIT_ACTOR_MATCHES} users match "${f.actor}": type more of the actor's e-mail.`,
      );
    // One actor (the usual case) reads audit_events_actor in the list's order; several are merged and sorted (their events only).
    if (users.length === 1) add((n) => `e.actor_id = $${n}`, users[0]!.id);
    else
      add(
        (n) => `e.actor_id = ANY($${n}::uuid[])`,
        users.map((u) => u.id),
      );
  }
  if (f.action) add((n) => `e.action LIKE $${n}`, `${f.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (f.from) add((n) => `e.created_at >= $${n}`, f.from);
  if (f.to) add((n) => `e.created_at < $${n}`, f.to);
  return { where: conditions.join(' AND '), params };
}

function view(r: AuditRow): AuditEventView {
  return {
    id: r.id,
    action: r.action,
    actorId: r.actor_id,
    actorEmail: r.actor_email,
    target: r.target,
    targetName: targetName(r),
    details: (typeof r.details === 'string' ? JSON.parse(r.details) : (r.details ?? {})) as Record<string, unknown>,
    ip: r.ip,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

/** The page's events (`ids`) or the newest `limit` (the CSV), actors and targets named for those rows only. */
async function selectEvents(
  q: Queryable,
  filter: { where: string; params: unknown[] },
  rows: { ids: string[] } | { limit: number },
): Promise<AuditEventView[]> {
  const n = filter.params.length;
  // The CSV's rows are cut on audit_events alone (index order created_at DESC, id); a page's are chosen by keysetPage.
  const [cut, params] =
    'ids' in rows
      ? [`e.id = ANY($${n + 1}::uuid[])`, [...filter.params, rows.ids]]
      : [`TRUE ORDER BY e.created_at DESC, e.id LIMIT $${n + 1}`, [...filter.params, rows.limit]];
  const found = await q.query<AuditRow>(
    `SELECT p.id, p.action, p.actor_id, u.email AS actor_email, p.target, ${TARGET_NAME}, p.details, p.ip, p.created_at
       FROM (SELECT e.id, e.tenant_id, e.action, e.actor_id, e.target, e.details, e.ip, e.created_at,
                    CASE WHEN e.target ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN e.target::uuid END AS target_id
               FROM audit_events e
              WHERE ${filter.where} AND ${cut}) p
       LEFT JOIN users u ON u.id = p.actor_id
      ORDER BY p.created_at DESC, p.id`,
    params,
  );
  return ('ids' in rows ? inOrder(rows.ids, found) : found).map(view);
}

/** The audit log's order, that of the indexes audit_events_list and audit_events_actor: newest first, id breaking ties. */
export const AUDIT_KEYSET: Keyset = { key: 'e.created_at', id: 'e.id', nullable: false };

/** The tenant's audit log in AUDIT_KEYSET's order, filtered, by page number (the first LIST_DEPTH rows) or by cursor (any row). */
export async function listAuditEvents(
  q: Queryable,
  tenantId: string,
  query: ListQuery & AuditFilter,
): Promise<{ items: AuditEventView[] } & CappedTotal & Cursors> {
  readCursor(AUDIT_KEYSET, query);
  const filter = await filterClause(q, tenantId, query);
  if (!filter) return { items: [], total: 0, totalCapped: false, nextCursor: null, prevCursor: null };
  const fromWhere = `FROM audit_events e WHERE ${filter.where}`;
  const [page, count] = await Promise.all([
    keysetPage(q, AUDIT_KEYSET, fromWhere, filter.params, query),
    cappedCount(q, fromWhere, filter.params, query.depth),
  ]);
  const items = page.ids.length ? await selectEvents(q, filter, { ids: page.ids }) : [];
  return { items, ...count, nextCursor: page.nextCursor, prevCursor: page.prevCursor };
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
  const clause = await filterClause(q, tenantId, filter);
  const events = clause ? await selectEvents(q, clause, { limit: AUDIT_EXPORT_LIMIT }) : [];
  // Times in the tenant's zone, named, as its mails print them.
  const zone = await tenantTimeZone(q, tenantId);
  return csvDocument(
    AUDIT_CSV_COLUMNS,
    events.map((e) => [isoInZone(e.createdAt, zone), e.action, e.actorEmail ?? e.actorId, e.target, e.ip, e.details]),
    'always',
  );
}
