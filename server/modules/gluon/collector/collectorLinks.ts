import { collectorPaths } from '@common/collector/paths';

import type { Queryable } from '../../../contracts';
import { HttpError } from '../../../contracts';
import { hashToken, randomToken } from '../../../services/secrets';
import type { InstallerOs } from './installers';
import type { CollectorInstall, CollectorLink } from './schemas';

export type CollectorLinkStatus = CollectorLink['status'];

interface LinkRow {
  id: string;
  tenant_id: string;
  name: string | null;
  active: boolean;
  install_limit: number | null;
  install_count: number;
  expires_at: Date | string | null;
  created_at: Date | string;
  expired: boolean;
}

export interface CollectorUserData {
  fullName: string;
  email: string;
  phone?: string | undefined;
  os: InstallerOs;
}

/**
 * The 403 texts the console maps (spec section 8): it looks for 'expired', 'not active' and
 * 'reached the maximum number' in this order, so no message contains another's key phrase.
 */
export const LINK_MESSAGES = {
  notFound: 'The link does not exist.',
  disabled: 'The link is not active.',
  expired: 'The link has expired.',
  limit: 'The link has reached the maximum number of installations.',
} as const;

const COLUMNS = `id, tenant_id, name, active, install_limit, install_count, expires_at, created_at,
  (expires_at IS NOT NULL AND expires_at <= now()) AS expired`;

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

function statusOf(row: LinkRow): CollectorLinkStatus {
  if (!row.active) return 'disabled';
  if (row.expired) return 'expired';
  if (row.install_limit !== null && row.install_count >= row.install_limit) return 'limitReached';
  return 'active';
}

function toLink(row: LinkRow): CollectorLink {
  return {
    id: row.id,
    name: row.name,
    active: row.active,
    maxInstalls: row.install_limit,
    installs: row.install_count,
    expiresAt: iso(row.expires_at),
    createdAt: iso(row.created_at)!,
    status: statusOf(row),
  };
}

/** Public address of the collector wizard for a link token. */
export function collectorLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${collectorPaths.link(token)}`;
}

export interface NewCollectorLink {
  tenantId: string;
  createdBy: string | null;
  name?: string | null;
  maxInstalls?: number | null;
  expiresAt?: string | null;
  active?: boolean;
}

/** Creates a link; the token (256 random bits) is returned once and only its hash is stored. */
export async function createCollectorLink(
  db: Queryable,
  input: NewCollectorLink,
): Promise<{ link: CollectorLink; token: string }> {
  const token = randomToken(32);
  const rows = await db.query<LinkRow>(
    `INSERT INTO collector_links (tenant_id, token_hash, name, active, install_limit, expires_at, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
    [
      input.tenantId,
      hashToken(token),
      input.name ?? null,
      input.active ?? true,
      input.maxInstalls ?? null,
      input.expiresAt ?? null,
      input.createdBy,
    ],
  );
  return { link: toLink(rows[0]!), token };
}

async function findByToken(db: Queryable, token: string): Promise<LinkRow | undefined> {
  const rows = await db.query<LinkRow>(`SELECT ${COLUMNS} FROM collector_links WHERE token_hash = $1`, [
    hashToken(token),
  ]);
  return rows[0];
}

function refuse(row: LinkRow | undefined): never {
  if (!row) throw new HttpError(404, LINK_MESSAGES.notFound);
  const status = statusOf(row);
  if (status === 'disabled') throw new HttpError(403, LINK_MESSAGES.disabled);
  if (status === 'expired') throw new HttpError(403, LINK_MESSAGES.expired);
  if (status === 'limitReached') throw new HttpError(403, LINK_MESSAGES.limit);
  // Reached only if the link changed between the reservation and this read.
  throw new HttpError(409, 'The link changed meanwhile, please try again.');
}

/** Answers the link (tenant and state) when it accepts installs; 404 / 403 otherwise. */
export async function validateCollectorLink(
  db: Queryable,
  token: string,
): Promise<{ tenantId: string; link: CollectorLink }> {
  const row = await findByToken(db, token);
  if (!row || statusOf(row) !== 'active') refuse(row);
  return { tenantId: row.tenant_id, link: toLink(row) };
}

/**
 * Reserves one install and records the user data. The conditional UPDATE is the only place
 * the count grows: PostgreSQL re-checks the WHERE after taking the row lock, so concurrent
 * downloads can never push the count past the limit (PGlite runs one statement at a time).
 */
export async function reserveCollectorInstall(
  db: Queryable & { tx?: <T>(fn: (q: Queryable) => Promise<T>) => Promise<T> },
  token: string,
  user: CollectorUserData,
  ip: string | null,
): Promise<{ installId: string; tenantId: string; linkId: string }> {
  const run = async (q: Queryable) => {
    const reserved = await q.query<{ id: string; tenant_id: string }>(
      `UPDATE collector_links SET install_count = install_count + 1
        WHERE token_hash = $1 AND active AND (expires_at IS NULL OR expires_at > now())
          AND (install_limit IS NULL OR install_count < install_limit)
        RETURNING id, tenant_id`,
      [hashToken(token)],
    );
    const link = reserved[0];
    if (!link) refuse(await findByToken(q, token));
    const installs = await q.query<{ id: string }>(
      `INSERT INTO collector_installs (link_id, full_name, email, phone, os, ip) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [link.id, user.fullName, user.email.toLowerCase(), user.phone ?? null, user.os, ip],
    );
    return { installId: installs[0]!.id, tenantId: link.tenant_id, linkId: link.id };
  };
  return db.tx ? db.tx(run) : run(db);
}

/** Sortable columns of the links table; the id breaks ties so pages never overlap. */
export const LINK_SORTS = ['createdAt', 'name', 'installs', 'expiresAt'] as const;
export type LinkSort = (typeof LINK_SORTS)[number];
const LINK_SORT_SQL: Record<LinkSort, string> = {
  createdAt: 'created_at',
  name: 'lower(name)',
  installs: 'install_count',
  expiresAt: 'expires_at',
};

export interface LinkPageQuery {
  page: number;
  size: number;
  filter?: string | undefined;
  /** Default: newest first. */
  sort?: LinkSort | undefined;
  order?: 'asc' | 'desc' | undefined;
}

/** One page of a tenant's links (newest first unless sorted); `filter` matches the name (case-insensitive). */
export async function listCollectorLinks(
  db: Queryable,
  tenantId: string,
  query: LinkPageQuery,
): Promise<{ items: CollectorLink[]; total: number }> {
  const pattern = query.filter ? `%${query.filter.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = `tenant_id = $1 AND ($2::text IS NULL OR name ILIKE $2)`;
  const direction = (query.order ?? (query.sort ? 'asc' : 'desc')) === 'desc' ? 'DESC' : 'ASC';
  // Unnamed links and links that never expire sort last either way.
  const orderBy = `${LINK_SORT_SQL[query.sort ?? 'createdAt']} ${direction} NULLS LAST, id`;
  const [rows, count] = await Promise.all([
    db.query<LinkRow>(`SELECT ${COLUMNS} FROM collector_links WHERE ${where} ORDER BY ${orderBy} LIMIT $3 OFFSET $4`, [
      tenantId,
      pattern,
      query.size,
      query.page * query.size,
    ]),
    db.query<{ n: number | string }>(`SELECT count(*) AS n FROM collector_links WHERE ${where}`, [tenantId, pattern]),
  ]);
  return { items: rows.map(toLink), total: Number(count[0]?.n ?? 0) };
}

export interface LinkChanges {
  name?: string | null;
  active?: boolean;
  maxInstalls?: number | null;
  expiresAt?: string | null;
}

/** Changes a link of the tenant; undefined fields stay as they are. 404 for another tenant's link. */
export async function updateCollectorLink(
  db: Queryable,
  tenantId: string,
  id: string,
  changes: LinkChanges,
): Promise<CollectorLink> {
  const rows = await db.query<LinkRow>(
    `UPDATE collector_links SET
        name = CASE WHEN $3 THEN $4 ELSE name END,
        active = COALESCE($5, active),
        install_limit = CASE WHEN $6 THEN $7::integer ELSE install_limit END,
        expires_at = CASE WHEN $8 THEN $9::timestamptz ELSE expires_at END
      WHERE id = $1 AND tenant_id = $2 RETURNING ${COLUMNS}`,
    [
      id,
      tenantId,
      changes.name !== undefined,
      changes.name ?? null,
      changes.active ?? null,
      changes.maxInstalls !== undefined,
      changes.maxInstalls ?? null,
      changes.expiresAt !== undefined,
      changes.expiresAt ?? null,
    ],
  );
  if (!rows[0]) throw new HttpError(404, 'The link does not exist.');
  return toLink(rows[0]);
}

/**
 * A link of `tenantId` by its id from the list (signed-in installer download); 404 for an unknown
 * id or another tenant's link, so ids of other tenants cannot be probed. Its state is not checked:
 * an administrator may deploy the installer of a disabled, expired or full link.
 */
export async function findTenantLink(db: Queryable, tenantId: string, id: string): Promise<CollectorLink> {
  const rows = await db.query<LinkRow>(`SELECT ${COLUMNS} FROM collector_links WHERE id = $1 AND tenant_id = $2`, [
    id,
    tenantId,
  ]);
  if (!rows[0]) throw new HttpError(404, LINK_MESSAGES.notFound);
  return toLink(rows[0]);
}

/** The installs registered through a link of the tenant, newest first (404 for another tenant's link). */
export async function listLinkInstalls(db: Queryable, tenantId: string, linkId: string): Promise<CollectorInstall[]> {
  const [link] = await db.query<{ id: string }>('SELECT id FROM collector_links WHERE id = $1 AND tenant_id = $2', [
    linkId,
    tenantId,
  ]);
  if (!link) throw new HttpError(404, LINK_MESSAGES.notFound);
  const rows = await db.query<{
    id: string;
    full_name: string;
    email: string;
    phone: string | null;
    os: InstallerOs;
    created_at: Date | string;
  }>(
    'SELECT id, full_name, email, phone, os, created_at FROM collector_installs WHERE link_id = $1 ORDER BY created_at DESC, id LIMIT 1000',
    [linkId],
  );
  return rows.map((r) => ({
    id: r.id,
    fullName: r.full_name,
    email: r.email,
    phone: r.phone,
    os: r.os,
    createdAt: iso(r.created_at)!,
  }));
}
