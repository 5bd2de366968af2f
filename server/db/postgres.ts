import pg from 'pg';

import type { Database, Queryable } from '../contracts';

const types = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === 20
      ? (v: string) => Number(v)
      : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

/** PostgreSQL through a pool; a transaction holds one pooled client. */
export async function openPostgres(
  connectionString: string,
  options: { max?: number } = {},
): Promise<Database & { pool: pg.Pool }> {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10, types });
  // A dropped idle connection must not crash the process.
  pool.on('error', () => undefined);
  // Fail fast on a bad URL or unreachable server.
  const client = await pool.connect();
  client.release();
  let closed = false;
  return {
    kind: 'postgres',
    pool,
    query: async <T>(sql: string, params: readonly unknown[] = []) =>
      (await pool.query(sql, params as unknown[])).rows as T[],
    // pg prepares a named statement once per pooled connection and then only binds and executes it.
    prepared: async <T>(name: string, sql: string, params: readonly unknown[] = []) =>
      (await pool.query({ name, text: sql, values: params as unknown[] })).rows as T[],
    exec: async (sql: string) => {
      await pool.query(sql);
    },
    tx: async <T>(fn: (q: Queryable) => Promise<T>) => {
      const c = await pool.connect();
      try {
        await c.query('BEGIN');
        const q: Queryable = {
          query: async <R>(sql: string, params: readonly unknown[] = []) =>
            (await c.query(sql, params as unknown[])).rows as R[],
          exec: async (sql: string) => {
            await c.query(sql);
          },
        };
        const result = await fn(q);
        await c.query('COMMIT');
        return result;
      } catch (error) {
        await c.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        c.release();
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
