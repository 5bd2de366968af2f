import type { ChildProcess } from 'node:child_process';

/** SIGTERM, then SIGKILL if the child is still there after `graceMs`; resolves once it is gone. */
export function stopChild(child: ChildProcess, graceMs = 10_000): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * In a forked child: `close` once, then exit, on SIGTERM or when the parent's IPC channel goes
 * (a Playwright worker that died must not leave an API holding ports and data folders).
 */
export function closeWhenParentGoes(close: () => Promise<void>): void {
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    try {
      await close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown());
  process.on('disconnect', () => void shutdown());
}
