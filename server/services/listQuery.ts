/** Paging and search helpers shared by the list queries of every domain (users, audit log, gluon). */
import { HttpError, type Queryable } from '../contracts';

/** `%term%` for ILIKE with the pattern characters of the term escaped. */
export function likePattern(term: string | undefined): string | null {
  return term ? `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
}

export interface PageQuery {
  page: number;
  size: number;
}

/**
 * Lists that grow with the data (devices, uploads, the audit log) page through their first
 * LIST_DEPTH rows only and count at most that many: a page then reads at most LIST_DEPTH + size
 * index entries and the count as many, whatever the table's size. Older rows are reached by
 * narrowing the search or the filter (the console says so), not by paging a million rows.
 */
export const LIST_DEPTH = 10_000;

/** 400 for a page that starts past LIST_DEPTH (the API never reads that deep). */
export function listOffset(query: PageQuery): number {
  const offset = query.page * query.size;
  if (offset >= LIST_DEPTH && query.page > 0) throw new HttpError(400, `Pages end at row ${LIST_DEPTH.toLocaleString('en-US')}: narrow the search or the filter to see older rows`);
  return offset;
}

/** `total` capped at LIST_DEPTH; `totalCapped` when there are more (the console shows "10,000+"). */
export interface CappedTotal {
  total: number;
  totalCapped: boolean;
}

/** Counts the rows of `fromWhere` ("FROM … WHERE …") up to LIST_DEPTH + 1, never the whole tenant. */
export async function cappedCount(q: Queryable, fromWhere: string, params: unknown[]): Promise<CappedTotal> {
  const [row] = await q.query<{ n: number | string }>(`SELECT count(*) AS n FROM (SELECT 1 ${fromWhere} LIMIT ${LIST_DEPTH + 1}) capped`, params);
  const n = Number(row?.n ?? 0);
  return { total: Math.min(n, LIST_DEPTH), totalCapped: n > LIST_DEPTH };
}
