/**
 * `npm run bench`: password logins/s, refreshes/s and p99 latency, measured with autocannon,
 * each next to its reference (ratioBench.ts: argon2id-only sign-in, crypto-only refresh).
 * Without BENCH_URL it starts the API in a child process on a temporary PGlite; with
 * BENCH_URL (loopback only) it measures a running server, signing in as BENCH_EMAIL /
 * BENCH_PASSWORD (a user without MFA, e.g. the admin `npm start` printed).
 * BENCH_DURATION (seconds per scenario, default 10, max 60), BENCH_CONNECTIONS (default 4; at most
 * 5 with the sign-in scenario: one account's password checks run at most 5 at once),
 * BENCH_ROUNDS (default 2, max 10): each scenario and its reference alternate in that many rounds
 * (A B, then B A, ...) sharing the duration, so a change of machine load meets both sides alike.
 * BENCH_WARMUP (seconds per scenario before the measured rounds, default 3, max 30, 0 for none).
 * BENCH_DATABASE (pglite, the default, or postgres): the database of the API the bench starts.
 * BENCH_ONLY (sign-in or refresh): measure that pair alone, e.g. while working on one of them.
 */
import autocannon from 'autocannon';

import { FREE_FAILURES } from '../modules/auth/lockout';
import { startPostgres } from '../test/postgres';
import { postgresCpuMicros } from './postgresCpu';
import {
  BASELINE_LOGIN,
  BASELINE_REFRESH,
  baselineScenarios,
  forkBenchServer,
  printRatios,
  ratio,
  type Scenario,
  settle,
  startBaseline,
} from './ratioBench';
import { runTwoInstancesBench } from './twoInstances';

interface Target {
  url: string;
  email: string;
  password: string;
  stop(): Promise<void>;
  /** CPU time of the API process in µs; only for the API the bench started itself. */
  cpu?: () => Promise<number>;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

function intEnv(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`${name} must be a whole number from ${min} to ${max}`);
  return n;
}

/**
 * The API in its own process on a temporary PGlite, or with BENCH_DATABASE=postgres on a
 * throw-away PostgreSQL (Debian's, as the server-pg tests start it: fsync off, like PGlite,
 * which writes without syncing): its CPU then counts the database server's processes too.
 */
async function startLocalApi(): Promise<Target> {
  const fork = () =>
    forkBenchServer<{ url: string; email: string; password: string }>('./benchServer.ts', 'benchmark API');
  if (process.env.BENCH_DATABASE === undefined || process.env.BENCH_DATABASE === 'pglite') return fork();
  if (process.env.BENCH_DATABASE !== 'postgres') throw new Error('BENCH_DATABASE must be pglite or postgres');
  const server = await startPostgres();
  process.env.BENCH_DATABASE_URL = server.url;
  const api = await fork().catch(async (error: unknown) => {
    await server.stop();
    throw error;
  });
  return {
    ...api,
    cpu: async () => (await api.cpu()) + postgresCpuMicros(server.dataDir),
    stop: async () => {
      await api.stop();
      await server.stop();
    },
  };
}

function remoteTarget(url: string): Target {
  const parsed = new URL(url);
  if (!LOOPBACK.has(parsed.hostname))
    throw new Error(`BENCH_URL must be a loopback address (127.0.0.1, localhost, ::1), not ${parsed.hostname}`);
  const email = process.env.BENCH_EMAIL;
  const password = process.env.BENCH_PASSWORD;
  if (!email || !password) throw new Error('With BENCH_URL, set BENCH_EMAIL and BENCH_PASSWORD (a user without MFA)');
  return { url: parsed.origin, email, password, stop: async () => {} };
}

async function login(target: Target): Promise<string> {
  const res = await fetch(`${target.url}/um/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: target.email, password: target.password }),
  });
  if (!res.ok) throw new Error(`sign-in of ${target.email} failed: ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { typ?: string };
  if (claims.typ !== 'access') throw new Error(`${target.email} has MFA on: use a user without MFA`);
  return token;
}

type Run = Awaited<ReturnType<typeof autocannon>>;

interface Row {
  scenario: string;
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  '2xx': number;
  'non-2xx': number;
  errors: number;
  'CPU ms/req': number | null;
}

/** One row from a scenario's rounds: requests over the time they took, the worst p99, the median p50. */
function summarise(scenario: string, results: Run[], cpuMicros: number | null): Row {
  const requests = results.reduce((n, r) => n + r.requests.total, 0);
  const seconds = results.reduce((n, r) => n + r.duration, 0);
  const p50s = results.map((r) => r.latency.p50).sort((a, b) => a - b);
  return {
    scenario,
    'req/s': seconds > 0 ? Math.round((results.reduce((n, r) => n + r.requests.total, 0) / seconds) * 10) / 10 : 0,
    'p50 ms': p50s[Math.floor(p50s.length / 2)] ?? 0,
    'p99 ms': Math.max(0, ...results.map((r) => r.latency.p99)),
    '2xx': results.reduce((n, r) => n + r['2xx'], 0),
    'non-2xx': results.reduce((n, r) => n + r.non2xx, 0),
    errors: results.reduce((n, r) => n + r.errors + r.timeouts, 0),
    'CPU ms/req': cpuMicros === null || requests === 0 ? null : Math.round((cpuMicros / 1000 / requests) * 100) / 100,
  };
}

async function main(): Promise<number> {
  const duration = intEnv('BENCH_DURATION', 10, 1, 60);
  const connections = intEnv('BENCH_CONNECTIONS', 4, 1, 64);
  const target = process.env.BENCH_URL ? remoteTarget(process.env.BENCH_URL) : await startLocalApi();
  const baseline = await startBaseline().catch(async (error: unknown) => {
    await target.stop();
    throw error;
  });
  try {
    const token = await login(target);
    console.log(
      `Benchmarking ${target.url}: ${duration} s per scenario, ${connections} connections, scenario and reference alternating in ${intEnv('BENCH_ROUNDS', 2, 1, 10)} rounds`,
    );
    const reference = baselineScenarios(baseline);
    // Each API scenario is measured next to its reference, so both meet the same machine load.
    const signInPair: Scenario[] = [
      {
        scenario: 'password login (POST /um/login)',
        options: {
          method: 'POST',
          url: `${target.url}/um/login`,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: target.email, password: target.password }),
        },
      },
      reference.login,
    ];
    const refreshPair: Scenario[] = [
      {
        scenario: 'refresh (GET /um/refresh)',
        options: { method: 'GET', url: `${target.url}/um/refresh`, headers: { authorization: `Bearer ${token}` } },
      },
      reference.refresh,
    ];
    const only = process.env.BENCH_ONLY;
    if (only !== undefined && only !== 'sign-in' && only !== 'refresh')
      throw new Error('BENCH_ONLY must be sign-in or refresh');
    const scenarios =
      only === 'sign-in' ? signInPair : only === 'refresh' ? refreshPair : [...signInPair, ...refreshPair];
    // One account's password checks run at most FREE_FAILURES at once (attemptsInFlight.ts): more
    // connections signing in as the bench user would measure 429s, not sign-ins.
    if (only !== 'refresh' && connections > FREE_FAILURES) {
      throw new Error(
        `BENCH_CONNECTIONS above ${FREE_FAILURES} signs in as one account more often at once than its lockout allows; use BENCH_ONLY=refresh for more connections`,
      );
    }
    // Pairs (API scenario, its reference) alternate in rounds; each row adds up its rounds.
    const rounds = intEnv('BENCH_ROUNDS', 2, 1, 10);
    const slice = Math.max(1, Math.round(duration / rounds));
    const runs = new Map<string, Run[]>();
    const cpuUsed = new Map<string, number | null>();
    const cpuOf = (s: Scenario) =>
      s.scenario === BASELINE_LOGIN || s.scenario === BASELINE_REFRESH ? baseline.cpu : target.cpu;
    // Warm-up, not measured: V8 compiles the hot paths (PGlite's WebAssembly backend above all)
    // on background threads during the first seconds of load, CPU the API process would otherwise
    // be charged inside its first measured round (a statement measured 0.56 ms CPU early, 0.32 ms
    // once warm). Every scenario, references included, gets the same warm-up.
    const warmup = intEnv('BENCH_WARMUP', 3, 0, 30);
    if (warmup > 0) {
      for (const s of scenarios) {
        await autocannon({ ...s.options, connections, duration: warmup, timeout: 30 });
        await settle();
      }
    }
    for (let pair = 0; pair < scenarios.length; pair += 2) {
      for (let round = 0; round < rounds; round++) {
        const order =
          round % 2 === 0 ? [scenarios[pair]!, scenarios[pair + 1]!] : [scenarios[pair + 1]!, scenarios[pair]!];
        for (const s of order) {
          const cpu = cpuOf(s);
          const before = cpu ? await cpu() : null;
          const r = await autocannon({ ...s.options, connections, duration: slice, timeout: 30 });
          await settle();
          const used = cpu && before !== null ? (await cpu()) - before : null;
          runs.set(s.scenario, [...(runs.get(s.scenario) ?? []), r]);
          const sofar = cpuUsed.has(s.scenario) ? cpuUsed.get(s.scenario)! : 0;
          cpuUsed.set(s.scenario, sofar === null || used === null ? null : sofar + used);
        }
      }
    }
    const rows: Row[] = scenarios.map((s) =>
      summarise(s.scenario, runs.get(s.scenario) ?? [], cpuUsed.get(s.scenario) ?? null),
    );
    console.table(rows);
    const rate = (name: string) => rows.find((r) => r.scenario === name)?.['req/s'] ?? 0;
    const cpuMs = (name: string) => rows.find((r) => r.scenario === name)?.['CPU ms/req'] ?? null;
    const [logins, refreshes] = [signInPair[0]!, refreshPair[0]!].map((s) =>
      rows.find((r) => r.scenario === s.scenario),
    );
    if (logins) console.log(`password logins/s: ${logins['req/s']}  (p99 ${logins['p99 ms']} ms)`);
    if (refreshes) console.log(`refreshes/s:       ${refreshes['req/s']}  (p99 ${refreshes['p99 ms']} ms)`);
    printRatios([
      ...(logins
        ? [
            ratio('sign-in vs argon2id only', logins['req/s'], rate(BASELINE_LOGIN), 0.9, {
              api: logins['CPU ms/req'],
              reference: cpuMs(BASELINE_LOGIN),
            }),
          ]
        : []),
      ...(refreshes
        ? [
            ratio('refresh vs crypto only', refreshes['req/s'], rate(BASELINE_REFRESH), 0.5, {
              api: refreshes['CPU ms/req'],
              reference: cpuMs(BASELINE_REFRESH),
            }),
          ]
        : []),
    ]);
    // Failed requests mean the figures measure error paths, not the calls: say so in the exit code.
    if (rows.some((r) => r['non-2xx'] > 0 || r.errors > 0)) {
      console.error('Some requests failed (non-2xx or errors): the figures above are not valid.');
      return 1;
    }
    return 0;
  } finally {
    await Promise.all([target.stop(), baseline.stop()]);
  }
}

main()
  .then(async (code) => {
    // Then two API instances on one throw-away PostgreSQL: after the single-instance
    // figures, so their servers are stopped and the two scenarios do not share the machine.
    if (code === 0 && !process.env.BENCH_URL && process.env.BENCH_TWO_INSTANCES !== 'off') await runTwoInstancesBench();
    return code;
  })
  .then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
