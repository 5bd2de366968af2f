/**
 * Paging a keyset list (the API's flat lists: devices, uploads, the audit log): the server answers
 * a page with `nextCursor` / `prevCursor` (null at the ends) and reads any page by `after` or
 * `before` one of them, however deep. The console counts the page's number itself, to show
 * "Page N" next to the server's capped count.
 */
export interface CursorPosition {
  /** The page's number, 0-based, counted from the first page. */
  index: number;
  after?: string | undefined;
  before?: string | undefined;
}

/** The first page: no cursor, so it is always the newest rows (and what a poll should reload). */
export const FIRST_PAGE: CursorPosition = { index: 0 };

/** What a keyset page answers besides its rows (older answers have no cursors: no way on). */
export interface CursorAnswer {
  nextCursor?: string | null | undefined;
  prevCursor?: string | null | undefined;
}

/** The page after the one answered, or null on the last page. */
export function nextPosition(at: CursorPosition, page: CursorAnswer): CursorPosition | null {
  return page.nextCursor ? { index: shownIndex(at, page) + 1, after: page.nextCursor } : null;
}

/** The page before the one answered, or null on the first; the second page's previous is FIRST_PAGE itself. */
export function previousPosition(at: CursorPosition, page: CursorAnswer): CursorPosition | null {
  if (!page.prevCursor) return null;
  const index = shownIndex(at, page) - 1;
  return index <= 0 ? FIRST_PAGE : { index, before: page.prevCursor };
}

/** The page's number as shown: 0 whenever the server says nothing comes before it (rows were removed). */
export function shownIndex(at: CursorPosition, page: CursorAnswer): number {
  return page.prevCursor ? Math.max(at.index, 1) : 0;
}

/** The position as a cache key part. */
export function positionKey(at: CursorPosition): string {
  return at.after ? `a:${at.after}` : at.before ? `b:${at.before}` : '';
}
