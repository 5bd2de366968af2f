/**
 * Work done after answering (e.g. the password-recovery mail, so that the answer takes as long
 * whether or not the account exists). Errors are logged; `drain()` waits for everything (app
 * close, tests).
 */
export interface BackgroundTasks {
  run(name: string, fn: () => Promise<void>): void;
  drain(): Promise<void>;
}

export function createBackgroundTasks(log: { error(obj: unknown, msg: string): void }): BackgroundTasks {
  const pending = new Set<Promise<void>>();
  return {
    run(name, fn) {
      const p = Promise.resolve()
        .then(fn)
        .catch((error: unknown) => log.error({ err: error, task: name }, 'background task failed'))
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    async drain() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
