import { randomUUID } from 'node:crypto';

import type { Database, Queryable } from '../contracts';

/** The queue's idea of now: every due date, heartbeat and backoff is computed from it (tests move it). */
export interface QueueClock {
  now(): Date;
}

export const systemClock: QueueClock = { now: () => new Date() };

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'failed';

export interface SendOptions {
  /** While a job with this key waits in the queue, sending another is a no-op (send returns null). */
  singletonKey?: string;
  /** Not claimed before this time. */
  runAfter?: Date;
  /** Higher first; equal priorities go by due time. */
  priority?: number;
  /** Failed attempts retried this many times (default 2: three attempts in all). */
  retryLimit?: number;
  /** Backoff base: the n-th retry waits retryDelayMs × 2^(n-1) (default 1000). */
  retryDelayMs?: number;
  /** A claimed job whose worker has not beaten for this long is claimed again (default 60). */
  expireSeconds?: number;
  /** The tenant the job works for: its administrators see it (counts, failures, retry); none = a system job. */
  tenantId?: string;
  /**
   * Until then only this instance's workers claim the job: it needs something this process holds in
   * memory alone (an encrypted backup's password). Afterwards any instance may, and the handler
   * finds it missing and says so, so a job sent by an instance that stopped still ends.
   */
  keepHereUntil?: Date;
}

/**
 * Thrown by a handler for a failure no retry can mend (a refused address, a removed target): the
 * job ends failed at once, keeping the retries it had left unused, and `onFailed` runs.
 */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

/** What `retry` did: requeued; no such job (in that tenant); not failed; its singleton key already waits. */
export interface RetryResult {
  outcome: 'retried' | 'not-found' | 'not-failed' | 'duplicate';
  /** The job's queue, when it exists. */
  queue: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface QueueJob<T = Record<string, unknown>> {
  id: string;
  queue: string;
  data: T;
  /** This attempt's number, from 1. */
  attempts: number;
  retryLimit: number;
  tenantId: string | null;
}

export type JobHandler<T> = (job: QueueJob<T>) => Promise<void>;

export interface WorkOptions {
  /** Jobs of this queue run at once in this instance (default 1). */
  concurrency?: number;
  /** Delay before the next attempt after `attempts` failed ones; default exponential from the job's retryDelayMs. */
  backoffMs?: (attempts: number, job: QueueJob<unknown>) => number;
  /**
   * Called once when a job ends failed (its last attempt threw, or its worker stopped beating more
   * often than it may be retried), e.g. to mark what it was working on.
   */
  onFailed?: (job: QueueJob<unknown>, error: string) => Promise<void>;
  /** The error kept for a job whose worker stopped `attempts` times (default "The worker stopped N times; …"). */
  expiredError?: (attempts: number) => string;
  /**
   * false: a completed job is deleted at once (graphile-worker's way), for a frequent schedule whose
   * runs would otherwise fill the table until purgeCompleted; its failures stay as any job's.
   */
  keepCompleted?: boolean;
}

export interface QueueOptions {
  clock?: QueueClock;
  /** Pause between polls when nothing was due (start()); tests call tick() instead. */
  pollMs?: number;
  /** How often a running job's heartbeat is written (well under its expireSeconds). */
  heartbeatMs?: number;
  workerId?: string;
  log?: { warn(obj: unknown, msg: string): void; error(obj: unknown, msg: string): void };
}

export interface QueueCounts {
  queue: string;
  created: number;
  retry: number;
  active: number;
  completed: number;
  failed: number;
  /** Jobs (in any state) that needed more than one attempt. */
  retried: number;
}

/** One job as a module reads it back (its own jobs' progress: queued, running, done, failed). */
export interface JobInfo<T = Record<string, unknown>> {
  id: string;
  queue: string;
  state: JobState;
  data: T;
  singletonKey: string | null;
  attempts: number;
  /** The last attempt's error: kept while a retry waits, cleared when the job completes. */
  error: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

export interface FailedJob {
  id: string;
  queue: string;
  tenantId: string | null;
  error: string | null;
  attempts: number;
  createdAt: string;
  finishedAt: string | null;
}

/** What a handler's error is stored as: its message, cut to a size a page shows (never a stack). */
function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return (message || 'The job failed.').slice(0, 2000);
}

interface FailedRow {
  id: string;
  queue: string;
  tenant_id: string | null;
  error: string | null;
  attempts: number;
  created_at: Date | string;
  finished_at: Date | string | null;
}

function toJob(row: JobRow): QueueJob<unknown> {
  return {
    id: row.id,
    queue: row.queue,
    data: row.data,
    attempts: row.attempts,
    retryLimit: row.retry_limit,
    tenantId: row.tenant_id,
  };
}

function failedJob(r: FailedRow): FailedJob {
  return {
    id: r.id,
    queue: r.queue,
    tenantId: r.tenant_id,
    error: r.error,
    attempts: r.attempts,
    createdAt: new Date(r.created_at).toISOString(),
    finishedAt: r.finished_at === null ? null : new Date(r.finished_at).toISOString(),
  };
}

interface InfoRow {
  id: string;
  queue: string;
  state: JobState;
  data: unknown;
  singleton_key: string | null;
  attempts: number;
  error: string | null;
  created_at: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
}

const stamp = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

interface JobRow {
  id: string;
  queue: string;
  tenant_id: string | null;
  data: unknown;
  attempts: number;
  retry_limit: number;
  retry_delay_ms: number;
}

interface Worker {
  handler: JobHandler<unknown>;
  options: WorkOptions;
  running: Set<Promise<void>>;
}

/**
 * The job queue over one PostgreSQL (or PGlite) database: `FOR UPDATE SKIP LOCKED` gives each job to
 * one instance, a heartbeat keeps a claim alive and a stale one is claimed again, failed attempts are
 * retried with exponential backoff up to a limit and then kept as failed with their error.
 * Schedules fire once across instances: the one whose UPDATE moves next_run_at sends the job.
 */
export class JobQueue {
  readonly workerId: string;
  private readonly clock: QueueClock;
  private readonly pollMs: number;
  private readonly heartbeatMs: number;
  private readonly workers = new Map<string, Worker>();
  private readonly schedules = new Set<string>();
  private readonly labels = new Map<string, string>();
  private loop: Promise<void> | null = null;
  private running = false;
  private wake: (() => void) | null = null;

  constructor(
    private readonly db: Database,
    private readonly options: QueueOptions = {},
  ) {
    this.clock = options.clock ?? systemClock;
    this.pollMs = options.pollMs ?? 1000;
    this.heartbeatMs = options.heartbeatMs ?? 10_000;
    this.workerId = options.workerId ?? `queue-${randomUUID()}`;
  }

  /** Queues a job (in the caller's transaction when `q` is given); null when a singleton already waits. */
  async send<T extends object>(
    queue: string,
    data: T,
    options: SendOptions = {},
    q: Queryable = this.db,
  ): Promise<string | null> {
    const [row] = await q.query<{ id: string }>(
      `INSERT INTO queue_jobs (queue, data, singleton_key, run_after, priority, retry_limit, retry_delay_ms, expire_seconds, created_at, tenant_id, held_by, held_until)
       VALUES ($1, $2::jsonb, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       ON CONFLICT (queue, singleton_key) WHERE state IN ('created', 'retry') AND singleton_key IS NOT NULL DO NOTHING RETURNING id`,
      [
        queue,
        JSON.stringify(data),
        options.singletonKey ?? null,
        options.runAfter ?? this.clock.now(),
        options.priority ?? 0,
        options.retryLimit ?? 2,
        options.retryDelayMs ?? 1000,
        options.expireSeconds ?? 60,
        this.clock.now(),
        options.tenantId ?? null,
        options.keepHereUntil ? this.workerId : null,
        options.keepHereUntil ?? null,
      ],
    );
    this.wake?.();
    return row?.id ?? null;
  }

  /** Runs `handler` for the jobs of `queue` in this instance (from start() or tick()). */
  work<T>(queue: string, handler: JobHandler<T>, options: WorkOptions = {}): void {
    if (this.workers.has(queue)) throw new Error(`Queue ${queue} already has a worker`);
    this.workers.set(queue, { handler: handler as JobHandler<unknown>, options, running: new Set() });
  }

  /** Names `queue` in words for Administration → Jobs (from a module's `queues` declaration). */
  nameQueue(queue: string, label: string): void {
    this.labels.set(queue, label);
  }

  /** `queue` in words, or null when nothing declared it (the jobs page then shows its code). */
  queueLabel(queue: string): string | null {
    return this.labels.get(queue) ?? null;
  }

  /** The queues this instance has a worker for. */
  workedQueues(): string[] {
    return [...this.workers.keys()];
  }

  /** Sends `data` to `queue` every `everyMs` (first after one interval), once across all instances. */
  async schedule(name: string, spec: { queue: string; everyMs: number; data?: object }): Promise<void> {
    const now = this.clock.now();
    await this.db.query(
      `INSERT INTO queue_schedules (name, queue, data, every_ms, next_run_at) VALUES ($1, $2, $3::jsonb, $4, $5)
       ON CONFLICT (name) DO UPDATE SET queue = EXCLUDED.queue, data = EXCLUDED.data, every_ms = EXCLUDED.every_ms,
         next_run_at = LEAST(queue_schedules.next_run_at, EXCLUDED.next_run_at)`,
      [name, spec.queue, JSON.stringify(spec.data ?? {}), spec.everyMs, new Date(now.getTime() + spec.everyMs)],
    );
    this.schedules.add(name);
  }

  /**
   * One pass: fires the due schedules, fails stale jobs with no attempts left, claims what this
   * instance's workers have room for and waits for those jobs to end. Returns how many ran.
   */
  async tick(): Promise<number> {
    const started = await this.pass();
    await Promise.all(started);
    return started.length;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = (async () => {
      while (this.running) {
        let started: Promise<void>[] = [];
        try {
          started = await this.pass();
        } catch (error) {
          // The database may be closing or briefly unreachable: poll again later.
          if (this.running) this.options.log?.warn({ err: error }, 'job queue poll failed');
        }
        if (!this.running) break;
        // Poll again at once when it found work (more may wait), else after pollMs, a send or a finished job.
        if (started.length === 0) await this.sleep();
      }
    })();
  }

  /** Stops claiming and waits for the jobs in hand. */
  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    this.loop = null;
    await Promise.all([...this.workers.values()].flatMap((w) => [...w.running]));
  }

  /** Jobs per queue and state; with a tenant, that tenant's jobs and the system's (no tenant). */
  async counts(scope: { tenantId?: string } = {}): Promise<QueueCounts[]> {
    const rows = await this.db.query<{ queue: string; state: JobState; n: number; retried: number }>(
      `SELECT queue, state, count(*)::int AS n, count(*) FILTER (WHERE attempts > 1)::int AS retried FROM queue_jobs
        WHERE $1::uuid IS NULL OR tenant_id IS NULL OR tenant_id = $1 GROUP BY queue, state ORDER BY queue`,
      [scope.tenantId ?? null],
    );
    const byQueue = new Map<string, QueueCounts>();
    for (const r of rows) {
      const c = byQueue.get(r.queue) ?? {
        queue: r.queue,
        created: 0,
        retry: 0,
        active: 0,
        completed: 0,
        failed: 0,
        retried: 0,
      };
      c[r.state] = r.n;
      c.retried += r.retried;
      byQueue.set(r.queue, c);
    }
    return [...byQueue.values()];
  }

  /** The latest failed jobs, newest first. */
  async failures(limit = 20): Promise<FailedJob[]> {
    const rows = await this.db.query<FailedRow>(
      "SELECT id, queue, tenant_id, error, attempts, created_at, finished_at FROM queue_jobs WHERE state = 'failed' ORDER BY finished_at DESC NULLS LAST, id LIMIT $1",
      [limit],
    );
    return rows.map(failedJob);
  }

  /**
   * One page of a tenant's failed jobs, newest first, and how many there are. Only the tenant's
   * own: a system job's error may speak of every tenant's data, so it stays in the operator's log.
   */
  async failurePage(scope: { tenantId: string; limit: number; offset: number }): Promise<{
    items: FailedJob[];
    total: number;
  }> {
    const rows = await this.db.query<FailedRow & { total: number }>(
      `SELECT id, queue, tenant_id, error, attempts, created_at, finished_at, count(*) OVER ()::int AS total FROM queue_jobs
        WHERE state = 'failed' AND tenant_id = $1 ORDER BY finished_at DESC NULLS LAST, id LIMIT $2 OFFSET $3`,
      [scope.tenantId, scope.limit, scope.offset],
    );
    if (rows.length === 0 && scope.offset > 0) {
      const [n] = await this.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM queue_jobs WHERE state = 'failed' AND tenant_id = $1",
        [scope.tenantId],
      );
      return { items: [], total: n?.n ?? 0 };
    }
    return { items: rows.map(failedJob), total: rows[0]?.total ?? 0 };
  }

  /**
   * Queues a failed job again for one more attempt, due now (pg-boss's retry). With a tenant, only
   * that tenant's job. Refused while another job with its singleton key waits.
   */
  async retry(id: string, scope: { tenantId?: string } = {}): Promise<RetryResult> {
    if (!UUID.test(id)) return { outcome: 'not-found', queue: null };
    const [job] = await this.db.query<{ state: JobState; queue: string }>(
      'SELECT state, queue FROM queue_jobs WHERE id = $1 AND ($2::uuid IS NULL OR tenant_id = $2)',
      [id, scope.tenantId ?? null],
    );
    if (!job) return { outcome: 'not-found', queue: null };
    const queue = job.queue;
    if (job.state !== 'failed') return { outcome: 'not-failed', queue };
    try {
      const done = await this.db.query(
        `UPDATE queue_jobs SET state = 'retry', retry_limit = attempts, run_after = $2, finished_at = NULL, claimed_by = NULL
          WHERE id = $1 AND state = 'failed' RETURNING id`,
        [id, this.clock.now()],
      );
      if (done.length === 0) return { outcome: 'not-failed', queue };
    } catch (error) {
      // The singleton index: a job with the same key is already waiting, which does the same work.
      if ((error as { code?: string }).code === '23505') return { outcome: 'duplicate', queue };
      throw error;
    }
    this.wake?.();
    return { outcome: 'retried', queue };
  }

  /**
   * The jobs sent with `singletonKey` to `queue`, newest first (created at or after `since` when
   * given): how a module shows where its own job stands. Completed jobs are purged after a while
   * (purgeCompleted), failed ones stay.
   */
  async jobsByKey<T = Record<string, unknown>>(
    queue: string,
    singletonKey: string,
    options: { limit?: number; since?: Date } = {},
    q: Queryable = this.db,
  ): Promise<JobInfo<T>[]> {
    const rows = await q.query<InfoRow>(
      `SELECT id, queue, state, data, singleton_key, attempts, error, created_at, started_at, finished_at FROM queue_jobs
       WHERE queue = $1 AND singleton_key = $2 AND ($3::timestamptz IS NULL OR created_at >= $3)
       ORDER BY created_at DESC, id LIMIT $4`,
      [queue, singletonKey, options.since ?? null, options.limit ?? 20],
    );
    return rows.map((r) => ({
      id: r.id,
      queue: r.queue,
      state: r.state,
      data: r.data as T,
      singletonKey: r.singleton_key,
      attempts: r.attempts,
      error: r.error,
      createdAt: new Date(r.created_at).toISOString(),
      startedAt: stamp(r.started_at),
      finishedAt: stamp(r.finished_at),
    }));
  }

  /**
   * Is `job` (handed to a handler of this instance) still this attempt's? Locks its row until `q`'s
   * transaction ends, so a handler can write its results only while no other instance took the job
   * over (its heartbeat went stale and it was claimed again).
   */
  async holdsClaim(q: Queryable, job: Pick<QueueJob<unknown>, 'id' | 'attempts'>): Promise<boolean> {
    const rows = await q.query(
      "SELECT 1 FROM queue_jobs WHERE id = $1 AND claimed_by = $2 AND attempts = $3 AND state = 'active' FOR UPDATE",
      [job.id, this.workerId, job.attempts],
    );
    return rows.length > 0;
  }

  /** Deletes completed jobs that ended before `before` (failed ones stay for the administrator). */
  async purgeCompleted(before: Date): Promise<number> {
    return (
      await this.db.query("DELETE FROM queue_jobs WHERE state = 'completed' AND finished_at < $1 RETURNING id", [
        before,
      ])
    ).length;
  }

  private sleep(): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, this.pollMs);
      timer.unref();
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => (this.wake = null));
  }

  private async pass(): Promise<Promise<void>[]> {
    const now = this.clock.now();
    if (this.schedules.size > 0) await this.fireSchedules(now);
    if (this.workers.size === 0) return [];
    const queues = [...this.workers.keys()];
    // A stale job with no attempts left ends failed rather than being claimed forever.
    const expired = await this.db.query<JobRow>(
      `UPDATE queue_jobs SET state = 'failed', finished_at = $2, error = 'The worker stopped ' || attempts || ' times; it was not retried.'
       WHERE queue = ANY($1::text[]) AND state = 'active' AND heartbeat_at < $2::timestamptz - make_interval(secs => expire_seconds) AND attempts > retry_limit
       RETURNING id, queue, tenant_id, data, attempts, retry_limit, retry_delay_ms`,
      [queues, now],
    );
    for (const row of expired) await this.expired(row);
    const started: Promise<void>[] = [];
    for (const [queue, worker] of this.workers) {
      const room = (worker.options.concurrency ?? 1) - worker.running.size;
      if (room <= 0) continue;
      const jobs = await this.db.query<JobRow>(
        `UPDATE queue_jobs SET state = 'active', claimed_by = $2, heartbeat_at = $3, started_at = $3, attempts = attempts + 1
         WHERE id IN (
           SELECT id FROM queue_jobs
           WHERE queue = $1 AND ((state IN ('created', 'retry') AND run_after <= $3)
              OR (state = 'active' AND heartbeat_at < $3::timestamptz - make_interval(secs => expire_seconds) AND attempts <= retry_limit))
             AND (held_by IS NULL OR held_by = $2 OR held_until <= $3)
           ORDER BY priority DESC, run_after, created_at LIMIT $4 FOR UPDATE SKIP LOCKED)
         RETURNING id, queue, tenant_id, data, attempts, retry_limit, retry_delay_ms`,
        [queue, this.workerId, now, room],
      );
      for (const row of jobs) {
        const run = this.run(worker, row).finally(() => {
          worker.running.delete(run);
          this.wake?.();
        });
        worker.running.add(run);
        started.push(run);
      }
    }
    return started;
  }

  /** A job failed in pass() because its worker kept stopping: its own error text, then its onFailed. */
  private async expired(row: JobRow): Promise<void> {
    const options = this.workers.get(row.queue)?.options ?? {};
    let error = `The worker stopped ${row.attempts} times; it was not retried.`;
    if (options.expiredError) {
      error = options.expiredError(row.attempts);
      await this.db.query("UPDATE queue_jobs SET error = $2 WHERE id = $1 AND state = 'failed'", [row.id, error]);
    }
    this.options.log?.error(
      { job: row.id, queue: row.queue, attempts: row.attempts },
      'job failed: its worker stopped',
    );
    await options.onFailed?.(toJob(row), error).catch(() => undefined);
  }

  private async fireSchedules(now: Date): Promise<void> {
    await this.db.tx(async (q) => {
      const due = await q.query<{ name: string; queue: string; data: unknown }>(
        `UPDATE queue_schedules SET next_run_at = $2::timestamptz + make_interval(secs => every_ms / 1000.0), last_run_at = $2
         WHERE name = ANY($1::text[]) AND next_run_at <= $2 RETURNING name, queue, data`,
        [[...this.schedules], now],
      );
      // One waiting job per schedule: a backlog (workers down for a while) does not pile up runs.
      for (const s of due)
        await this.send(s.queue, (s.data ?? {}) as object, { singletonKey: `schedule:${s.name}` }, q);
    });
  }

  private async run(worker: Worker, row: JobRow): Promise<void> {
    const job = toJob(row);
    const claim = [row.id, this.workerId, row.attempts];
    const beat = setInterval(() => {
      this.db
        .query(
          "UPDATE queue_jobs SET heartbeat_at = $4 WHERE id = $1 AND claimed_by = $2 AND attempts = $3 AND state = 'active'",
          [...claim, this.clock.now()],
        )
        .catch(() => undefined);
    }, this.heartbeatMs);
    beat.unref();
    try {
      await worker.handler(job);
      clearInterval(beat);
      if (worker.options.keepCompleted === false)
        await this.db.query(
          "DELETE FROM queue_jobs WHERE id = $1 AND claimed_by = $2 AND attempts = $3 AND state = 'active'",
          claim,
        );
      else
        await this.db.query(
          "UPDATE queue_jobs SET state = 'completed', finished_at = $4, error = NULL WHERE id = $1 AND claimed_by = $2 AND attempts = $3 AND state = 'active'",
          [...claim, this.clock.now()],
        );
    } catch (error) {
      clearInterval(beat);
      const text = errorText(error);
      const now = this.clock.now();
      if (row.attempts <= row.retry_limit && !(error instanceof PermanentJobError)) {
        const delay = worker.options.backoffMs
          ? worker.options.backoffMs(row.attempts, job)
          : row.retry_delay_ms * 2 ** (row.attempts - 1);
        await this.db.query(
          "UPDATE queue_jobs SET state = 'retry', error = $4, run_after = $5, claimed_by = NULL WHERE id = $1 AND claimed_by = $2 AND attempts = $3 AND state = 'active'",
          [...claim, text, new Date(now.getTime() + delay)],
        );
        return;
      }
      const ended = await this.db.query(
        "UPDATE queue_jobs SET state = 'failed', error = $4, finished_at = $5 WHERE id = $1 AND claimed_by = $2 AND attempts = $3 AND state = 'active' RETURNING id",
        [...claim, text, now],
      );
      this.options.log?.error({ err: error, job: row.id, queue: row.queue }, 'job failed');
      if (ended.length > 0 && worker.options.onFailed) await worker.options.onFailed(job, text).catch(() => undefined);
    }
  }
}
