/**
 * The API's sign-in and refresh next to their reference points (baselineServer.ts), measured in
 * the same run with the same load generator and settings, printed as ratios (targets:
 * refresh >= 50 % of crypto-only, sign-in >= 90 % of argon2id-only).
 */
import { type ChildProcess, fork } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

export interface Baseline {
  url: string;
  token: string;
  password: string;
  stop(): Promise<void>;
  cpu(): Promise<number>;
}

/**
 * In a bench server child: answer the parent's 'cpu' message with this process's CPU time so
 * far (user + system, all threads: argon2id and crypto jobs included), in microseconds.
 */
export function answerCpuRequests(): void {
  process.on('message', (m) => {
    if (m !== 'cpu') return;
    const { user, system } = process.cpuUsage();
    process.send?.({ cpu: user + system });
  });
}

export interface RequestOptions {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export interface Scenario {
  scenario: string;
  options: RequestOptions;
}

/**
 * Starts a bench server module (`./benchServer.ts`, `./baselineServer.ts`) in its own process,
 * so the load generator keeps its event loop; resolves with what the child reports over IPC.
 */
export async function forkBenchServer<T extends object>(
  file: string,
  name: string,
): Promise<T & { stop(): Promise<void>; cpu(): Promise<number> }> {
  const child: ChildProcess = fork(fileURLToPath(new URL(file, import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const info = await new Promise<T>((resolve, reject) => {
    child.once('message', (m) => resolve(m as T));
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}`)));
  });
  return {
    ...info,
    // The child's CPU time (answerCpuRequests); CPU per request does not depend on what else the
    // machine runs the way a rate does.
    cpu: () =>
      new Promise<number>((resolve) => {
        const onMessage = (m: unknown) => {
          if (typeof m === 'object' && m !== null && typeof (m as { cpu?: unknown }).cpu === 'number') {
            child.off('message', onMessage);
            resolve((m as { cpu: number }).cpu);
          }
        };
        child.on('message', onMessage);
        child.send('cpu');
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * autocannon stops with requests still in flight; the server finishes them (argon2id and all).
 * Waiting for them before the next run keeps runs from overlapping: sign-ins of the bench user
 * from both would exceed the account's checks in flight (services/attemptsInFlight.ts) and get 429.
 */
export function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 300));
}

export function startBaseline(): Promise<Baseline> {
  return forkBenchServer<{ url: string; token: string; password: string }>('./baselineServer.ts', 'baseline server');
}

export const BASELINE_LOGIN = 'argon2id only (POST /baseline/login)';
export const BASELINE_REFRESH = 'crypto only (GET /baseline/refresh)';

/** The two reference scenarios; run each right after the API scenario it is compared with. */
export function baselineScenarios(baseline: Baseline): { login: Scenario; refresh: Scenario } {
  return {
    login: {
      scenario: BASELINE_LOGIN,
      options: {
        method: 'POST',
        url: `${baseline.url}/baseline/login`,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'baseline', password: baseline.password }),
      },
    },
    refresh: {
      scenario: BASELINE_REFRESH,
      options: {
        method: 'GET',
        url: `${baseline.url}/baseline/refresh`,
        headers: { authorization: `Bearer ${baseline.token}` },
      },
    },
  };
}

export interface Ratio {
  call: string;
  'API req/s': number;
  'reference req/s': number;
  ratio: number;
  target: number;
  met: boolean;
  /** Reference CPU ms per request over the API's (null: the API's CPU is not known, BENCH_URL). */
  'CPU ratio': number | null;
}

/** `cpu`: CPU ms per request of the API and of the reference, when known. */
export function ratio(
  call: string,
  api: number,
  reference: number,
  target: number,
  cpu?: { api: number | null; reference: number | null },
): Ratio {
  const r = reference > 0 ? Math.round((api / reference) * 100) / 100 : 0;
  const cpuRatio = cpu?.api && cpu.reference ? Math.round((cpu.reference / cpu.api) * 100) / 100 : null;
  return {
    call,
    'API req/s': api,
    'reference req/s': reference,
    ratio: r,
    target,
    met: r >= target,
    'CPU ratio': cpuRatio,
  };
}

/** Prints the ratio table and the machine's load (figures on a shared machine vary with it). */
export function printRatios(ratios: Ratio[]): void {
  console.log('\nAPI rate as a share of its reference (same run, same load generator):');
  console.table(ratios);
  const [load1 = 0] = os.loadavg();
  console.log(
    `load average (1 min) at the end: ${load1.toFixed(2)} on ${os.cpus().length} cores; other work on the machine lowers both sides.`,
  );
  console.log(
    'CPU ratio: CPU time per request of the reference over that of the API (server process, all threads; with BENCH_DATABASE=postgres also the PostgreSQL processes): the rate ratio an idle machine would give when CPU bounds both.',
  );
}
