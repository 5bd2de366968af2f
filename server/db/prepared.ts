import type { Database, Queryable } from '../contracts';

/**
 * Runs a hot statement as a named prepared statement where the database offers it
 * (Database.prepared), else as a plain query: same rows either way. A name belongs to one text.
 */
export function preparedQuery<T>(
  db: Queryable & Partial<Pick<Database, 'prepared'>>,
  name: string,
  sql: string,
  params: readonly unknown[],
): Promise<T[]> {
  return db.prepared ? db.prepared<T>(name, sql, params) : db.query<T>(sql, params);
}
