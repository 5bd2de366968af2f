import { Worker } from 'node:worker_threads';

/**
 * The watchdog lives in a worker thread: a start can hang with the main thread blocked (a
 * synchronous call that never returns) as well as waiting (a job that never calls back, a
 * database that never answers), and only another thread still runs in the first case. When the
 * time is up it prints which step was running and ends the process with SIGKILL (the only signal
 * a blocked main thread cannot postpone); the PGlite lock of a dead process is stale and taken over.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { writeSync } = require('node:fs');
let step = 'starting';
const started = Date.now();
const timer = setTimeout(() => {
  const seconds = Math.round((Date.now() - started) / 1000);
  writeSync(2, '\\nThe start did not finish within ' + seconds + ' s: it is stuck in the step "' + step + '". ' +
    'The process is stopped (exit code 137). ' + workerData.hint + '\\n');
  process.kill(workerData.pid, 'SIGKILL');
}, workerData.limitMs);
parentPort.on('message', (message) => {
  if (message.step) step = message.step;
  if (message.done) { clearTimeout(timer); parentPort.close(); }
});
`;

export interface StartupWatchdog {
  /** Runs one named step of the start; the name is what a timeout reports. */
  step<T>(name: string, run: () => Promise<T> | T): Promise<T>;
  /** The start finished: the watchdog stops. */
  finish(): Promise<void>;
}

export const DEFAULT_STARTUP_HINT =
  "Run it again; if it hangs in the same step, that step's service (database, port, identity provider) is the cause. STARTUP_TIMEOUT_S sets the limit.";

/** Keeps the process alive until `finish()`: a start waiting on nothing at all is a hang too, not a silent exit. */
export function startStartupWatchdog(limitMs: number, hint = DEFAULT_STARTUP_HINT): StartupWatchdog {
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { limitMs, pid: process.pid, hint } });
  let finished = false;
  return {
    async step(name, run) {
      if (!finished) worker.postMessage({ step: name });
      return run();
    },
    async finish() {
      if (finished) return;
      finished = true;
      worker.postMessage({ done: true });
      await worker.terminate();
    },
  };
}
