/**
 * Backup passwords on their way from an upload to its inspection. A password is held in this
 * process's memory only, under the inspection's id, from the upload's transaction until the
 * inspection ends (done or failed) or TTL passes, whichever comes first: it is never written to
 * the database, the job's data, the file storage or a log, and nothing of it outlives the job.
 * The job therefore runs in the process that received the upload: it is queued kept to this
 * instance until the TTL (the queue's `keepHereUntil`), so other instances' workers pass it by.
 * Should this process stop first (or run without GLUON_WORKER), another instance takes the job
 * after the TTL, finds no password and fails it with a clear message (upload again).
 */
export const BACKUP_PASSWORD_TTL_MS = 30 * 60_000;
/** Passwords held at once; past it the oldest go first (each belongs to one upload in flight). */
const MAX_HELD = 1000;

interface Held {
  password: string;
  expires: number;
}

export class BackupPasswords {
  private readonly held = new Map<string, Held>();

  constructor(
    private readonly ttlMs = BACKUP_PASSWORD_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Returns until when the password is held: the inspection's job stays with this process until then. */
  hold(inspectionId: string, password: string): Date {
    this.sweep();
    if (this.held.size >= MAX_HELD) this.held.delete(this.held.keys().next().value!);
    const expires = this.now() + this.ttlMs;
    this.held.set(inspectionId, { password, expires });
    return new Date(expires);
  }

  /** The password held for an inspection, if still within its TTL. */
  get(inspectionId: string): string | undefined {
    const entry = this.held.get(inspectionId);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.held.delete(inspectionId);
      return undefined;
    }
    return entry.password;
  }

  release(inspectionId: string): void {
    this.held.delete(inspectionId);
  }

  get size(): number {
    this.sweep();
    return this.held.size;
  }

  private sweep(): void {
    const now = this.now();
    for (const [id, entry] of this.held) if (entry.expires <= now) this.held.delete(id);
  }
}

/** The process's passwords: the upload route holds them, the inspection worker reads and releases them. */
export const backupPasswords = new BackupPasswords();
