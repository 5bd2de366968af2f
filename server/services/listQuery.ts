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
 * Lists that grow with the data (devices, uploads, the audit log) page by number (OFFSET) through
 * their first LIST_DEPTH rows only and count at most that many: a numbered page then reads at most
 * LIST_DEPTH + size index entries and the count as many, whatever the table's size. Every row,
 * however deep, is reached by keyset cursors (keysetPage below), one index range per page.
 */
export const LIST_DEPTH = 10_000;

/** 400 for a numbered page that starts past `depth` (the API never reads that deep by OFFSET). */
export function listOffset(query: PageQuery, depth = LIST_DEPTH): number {
  const offset = query.page * query.size;
  if (offset >= depth && query.page > 0) {
    throw new HttpError(
      400,
      `Numbered pages end at row ${depth.toLocaleString('en-US')}: go on with the previous page's nextCursor (after=…), or narrow the search or the filter`,
    );
  }
  return offset;
}

/** `total` capped at LIST_DEPTH; `totalCapped` when there are more (the console shows "10,000+"). */
export interface CappedTotal {
  total: number;
  totalCapped: boolean;
}

/** Counts the rows of `fromWhere` ("FROM … WHERE …") up to `depth` + 1, never the whole tenant. */
export async function cappedCount(
  q: Queryable,
  fromWhere: string,
  params: unknown[],
  depth = LIST_DEPTH,
): Promise<CappedTotal> {
  const [row] = await q.query<{ n: number | string }>(
    `SELECT count(*) AS n FROM (SELECT 1 ${fromWhere} LIMIT ${depth + 1}) capped`,
    params,
  );
  const n = Number(row?.n ?? 0);
  return { total: Math.min(n, depth), totalCapped: n > depth };
}

/** Decodes an opaque page cursor: base64url of JSON `[key, id]`; anything else is the one 400 below. */
export function decodeCursor(
  cursor: string,
  validKey: (key: unknown) => key is string | null = (k): k is string => typeof k === 'string',
): [string | null, string] {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      validKey(value[0]) &&
      typeof value[1] === 'string' &&
      UUID.test(value[1])
    )
      return [value[0], value[1]];
  } catch {
    // Falls through to the 400 below.
  }
  throw new HttpError(400, INVALID_CURSOR);
}

export const INVALID_CURSOR = 'The page cursor is not valid; load the list again.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The opaque cursor of a row: base64url of JSON `[its sort key, its id]`. */
export function encodeCursor(key: string | null, id: string): string {
  return Buffer.from(JSON.stringify([key, id]), 'utf8').toString('base64url');
}

/**
 * A list ordered `key DESC NULLS LAST, id` (a timestamptz and the row's uuid: devices, uploads, the
 * audit log), read from the index of that order (keysetOrder). `key` and `id` are SQL expressions of the row.
 */
export interface Keyset {
  key: string;
  id: string;
  /** The key may be NULL (devices never inspected): those rows come last, by id. */
  nullable: boolean;
}

/** A list query: `page` (OFFSET, the first LIST_DEPTH rows) or a keyset cursor, `after` or `before` a row. */
export interface ListQuery extends PageQuery {
  after?: string | undefined;
  before?: string | undefined;
  /** How deep `page` may go and how far the count goes (LIST_DEPTH; tests pass a small one). */
  depth?: number | undefined;
}

/** A page's rows as the list orders them, and the cursors of the pages around it (null at the ends). */
export interface KeysetPage {
  ids: string[];
  nextCursor: string | null;
  prevCursor: string | null;
}

/**
 * The cursor's key is the timestamp in microseconds since the epoch (an integer: a JS Date would
 * cut the microseconds and skip or repeat rows that share a millisecond), or null.
 */
const KEY_DIGITS = /^-?\d{1,16}$/;
const keyText = (expr: string) => `(extract(epoch FROM ${expr}) * 1000000)::bigint::text`;

/**
 * The cursor's microseconds as an exact ISO timestamp, sent as a parameter: a constant the planner
 * sees (an expression on the parameter would hide where the cursor is, and it then sorts).
 */
function keyTimestamp(micros: string): string {
  const us = BigInt(micros);
  const MILLION = 1_000_000n;
  const seconds = us / MILLION - (us % MILLION < 0n ? 1n : 0n);
  const fraction = us - seconds * MILLION;
  return new Date(Number(seconds) * 1000)
    .toISOString()
    .replace(/\.\d{3}Z$/, `.${fraction.toString().padStart(6, '0')}Z`);
}

/** A row's place in a keyset list: its sort key (microseconds, or null) and id. */
export type Position = { key: string | null; id: string };

/**
 * The WHERE clauses, in list order, that read the rows strictly after (`forward`) or before a
 * position, nearest first. Each is one range of the list's index, so a page reads about `size`
 * index entries at any depth; the NULL keys are their own range (an OR of both would not be one).
 * Every clause is read with the same ORDER BY (the index's, or its reverse), never sorted.
 */
function segments(
  ks: Keyset,
  at: Position | null,
  forward: boolean,
  base: unknown[],
): Array<{ where: string; params: unknown[] }> {
  const n = base.length;
  if (!at) return [{ where: 'TRUE', params: base }];
  const notNull = { where: `${ks.key} IS NOT NULL`, params: base };
  if (at.key === null) {
    const nulls = {
      where: `${ks.key} IS NULL AND ${ks.id} ${forward ? '>' : '<'} $${n + 1}`,
      params: [...base, at.id],
    };
    return forward ? [nulls] : [nulls, notNull];
  }
  const key = `$${n + 1}::timestamptz`;
  const [cmp, tie] = forward ? ['<', '>'] : ['>', '<'];
  const keyed = {
    where: `${ks.key} ${cmp}= ${key} AND (${ks.key} ${cmp} ${key} OR ${ks.id} ${tie} $${n + 2}::uuid)`,
    params: [...base, keyTimestamp(at.key), at.id],
  };
  return forward && ks.nullable ? [keyed, { where: `${ks.key} IS NULL`, params: base }] : [keyed];
}

/**
 * The list's ORDER BY (its index's) or its reverse (the index read backwards). A nullable key's
 * index says NULLS LAST; the others are plain `DESC` (NULLS FIRST), and the ORDER BY must say the
 * same for the planner to read the index instead of sorting.
 */
export function keysetOrder(ks: Keyset, forward = true): string {
  const [desc, asc] = ks.nullable ? ['DESC NULLS LAST', 'ASC NULLS FIRST'] : ['DESC', 'ASC'];
  return forward ? `${ks.key} ${desc}, ${ks.id}` : `${ks.key} ${asc}, ${ks.id} DESC`;
}

type KeyRow = { id: string; sort_key: string | null };

/** Up to `limit` positions after (or before) `at`, nearest first, one index range after the other. */
async function positions(
  q: Queryable,
  ks: Keyset,
  fromWhere: string,
  base: unknown[],
  at: Position | null,
  forward: boolean,
  limit: number,
  offset = 0,
): Promise<KeyRow[]> {
  const found: KeyRow[] = [];
  for (const { where, params } of segments(ks, at, forward, base)) {
    const rows = await q.query<KeyRow>(
      `SELECT ${ks.id} AS id, ${keyText(ks.key)} AS sort_key ${fromWhere} AND ${where} ORDER BY ${keysetOrder(ks, forward)} LIMIT ${limit - found.length}${offset ? ` OFFSET ${offset}` : ''}`,
      params,
    );
    found.push(...rows);
    if (found.length >= limit) break;
  }
  return found;
}

/**
 * One page of a keyset list: the rows' ids in list order and the cursors around them. `fromWhere`
 * is "FROM … WHERE …" (the filter), `params` its parameters. `page` pages by OFFSET through the
 * first `depth` rows (the console's first page, older clients); `after` / `before` go on from any
 * row, however deep, in time independent of depth and table size.
 */
export async function keysetPage(
  q: Queryable,
  ks: Keyset,
  fromWhere: string,
  params: unknown[],
  query: ListQuery,
): Promise<KeysetPage> {
  const at = readCursor(ks, query);
  const encode = (r: KeyRow) => encodeCursor(r.sort_key, r.id);
  // The cursor of `row` when rows lie beyond it (after it when `forward`), else null; on an empty
  // page (its rows were removed), the cursor asked, if rows lie beyond that.
  const beyond = async (row: KeyRow | undefined, forward: boolean) => {
    const from = row ? { key: row.sort_key, id: row.id } : at!;
    if (!(await positions(q, ks, fromWhere, params, from, forward, 1)).length) return null;
    return row ? encode(row) : (query.after ?? query.before)!;
  };

  if (query.before && at) {
    const rows = await positions(q, ks, fromWhere, params, at, false, query.size + 1);
    const page = rows.slice(0, query.size).reverse();
    return {
      ids: page.map((r) => r.id),
      prevCursor: rows.length > query.size && page[0] ? encode(page[0]) : null,
      nextCursor: await beyond(page.at(-1), true),
    };
  }
  const offset = at ? 0 : listOffset(query, query.depth);
  const rows = await positions(q, ks, fromWhere, params, at, true, query.size + 1, offset);
  const page = rows.slice(0, query.size);
  const last = page.at(-1);
  return {
    ids: page.map((r) => r.id),
    nextCursor: rows.length > query.size && last ? encode(last) : null,
    // A numbered page past the first has rows before it; a cursor's page asks the index.
    prevCursor: at ? await beyond(page[0], false) : offset > 0 && page[0] ? encode(page[0]) : null,
  };
}

/** The position `after` / `before` names (null for a numbered page); a malformed or doubled cursor is a 400. */
export function readCursor(ks: Keyset, query: ListQuery): Position | null {
  if (query.after && query.before) throw new HttpError(400, 'Pass one page cursor, after or before, not both.');
  const cursor = query.after ?? query.before;
  if (!cursor) return null;
  if (query.page > 0) throw new HttpError(400, 'Pass a page number or a page cursor, not both.');
  const validKey = (k: unknown): k is string | null =>
    (typeof k === 'string' && KEY_DIGITS.test(k)) || (k === null && ks.nullable);
  const [key, id] = decodeCursor(cursor, validKey);
  return { key, id };
}

/** What a keyset list answers besides its rows (null at the ends). */
export type Cursors = Pick<KeysetPage, 'nextCursor' | 'prevCursor'>;

/** The rows read by id (`WHERE id = ANY(…)`), put back in the page's order. */
export function inOrder<R extends { id: string }>(ids: string[], rows: R[]): R[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
