/** Paging and search helpers shared by the list queries of every domain (users, audit log, gluon). */

/** `%term%` for ILIKE with the pattern characters of the term escaped. */
export function likePattern(term: string | undefined): string | null {
  return term ? `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
}

export interface PageQuery {
  page: number;
  size: number;
}
