/**
 * A keyset list as the API pages it (server/services/listQuery.ts keysetPage), for fake services:
 * the first page, or the `size` rows after / before a cursor, with the cursors around them (null
 * at the ends). A fake's cursors are row positions ("c:20"); the console treats them as opaque.
 */
export function fakeCursorPage<T>(
  rows: readonly T[],
  query: { size: number; after?: string | undefined; before?: string | undefined },
) {
  const at = (cursor: string) => Number(cursor.slice(2));
  const end = query.before ? at(query.before) : Math.min(rows.length, (query.after ? at(query.after) : 0) + query.size);
  const start = query.before ? Math.max(0, end - query.size) : query.after ? at(query.after) : 0;
  return {
    items: rows.slice(start, end),
    total: rows.length,
    page: 0,
    size: query.size,
    nextCursor: end < rows.length ? `c:${end}` : null,
    prevCursor: start > 0 ? `c:${start}` : null,
  };
}
