import type { FastifyInstance } from 'fastify';

import type { AuditEvent, Database, Queryable } from '../contracts';
import { preparedQuery } from '../db/prepared';

declare module 'fastify' {
  interface FastifyInstance {
    /** The audit writer behind app.audit: `drain()` waits until every queued event is written. */
    auditQueue: AuditQueue;
  }
}

export interface AuditQueue {
  /** Queues the event; the promise settles once it is written (or the write failed and was logged). */
  add(event: AuditEvent): Promise<void>;
  drain(): Promise<void>;
}

const COLUMNS = 6;
/** Rows per INSERT: far below PostgreSQL's 65535 parameters. */
const MAX_BATCH = 500;
/** Batches up to this size run as named prepared statements (one per size). */
const PREPARED_UP_TO = 4;

/**
 * Audit events are queued and written together after the current turn of the event loop, in one
 * multi-row INSERT: a sign-in does not wait for its audit row (it is not on the critical path
 * and not part of what a failed attempt's timing shows), and nothing is lost: the queue is
 * drained before the database closes (preClose), and a caller that must know the row is there
 * awaits the promise.
 */
export function createAuditQueue(
  db: Queryable & Partial<Pick<Database, 'prepared'>>,
  log: { error(obj: unknown, msg: string): void },
): AuditQueue {
  let queue: { event: AuditEvent; done: () => void }[] = [];
  let flushing: Promise<void> | null = null;

  async function write(batch: { event: AuditEvent; done: () => void }[]): Promise<void> {
    const params: unknown[] = [];
    const rows = batch.map(({ event }, i) => {
      params.push(
        event.tenantId,
        event.actorId,
        event.action,
        event.target ?? null,
        JSON.stringify(event.details ?? {}),
        event.ip ?? null,
      );
      return `(${Array.from({ length: COLUMNS }, (_, c) => `$${i * COLUMNS + c + 1}`).join(', ')})`;
    });
    const sql = `INSERT INTO audit_events (tenant_id, actor_id, action, target, details, ip) VALUES ${rows.join(', ')}`;
    try {
      // Small batches (one sign-in's row, a few concurrent ones) are the usual case: a named
      // prepared statement per size (db/prepared.ts) skips parsing and planning; larger ones are rare.
      if (batch.length <= PREPARED_UP_TO) await preparedQuery(db, `audit_insert_${batch.length}`, sql, params);
      else await db.query(sql, params);
    } catch (error) {
      log.error({ err: error, actions: batch.map((b) => b.event.action) }, 'audit write failed');
    } finally {
      for (const b of batch) b.done();
    }
  }

  async function flush(): Promise<void> {
    // Yield once so that events of the same turn (and of concurrent requests) share the INSERT.
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (queue.length > 0) {
      const batch = queue.slice(0, MAX_BATCH);
      queue = queue.slice(MAX_BATCH);
      await write(batch);
    }
    flushing = null;
  }

  return {
    add(event) {
      const written = new Promise<void>((resolve) => queue.push({ event, done: resolve }));
      flushing ??= flush();
      return written;
    },
    async drain() {
      while (flushing) await flushing;
    },
  };
}

/** `app.audit(event)`: appends to audit_events through the queue; a failure is logged, never breaks the request. */
export function installAudit(app: FastifyInstance): void {
  const queue = createAuditQueue(app.db, app.log);
  app.decorate('auditQueue', queue);
  app.decorate('audit', (event: AuditEvent) => queue.add(event));
  app.addHook('preClose', async () => queue.drain());
}
