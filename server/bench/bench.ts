/**
 * `npm run bench`: password logins/s, refreshes/s and p99 latency, measured with autocannon.
 * Without BENCH_URL it starts the API in a child process on a temporary PGlite; with
 * BENCH_URL (loopback only) it measures a running server, signing in as BENCH_EMAIL /
 * BENCH_PASSWORD (a user without MFA, e.g. the admin `npm start` printed).
 * BENCH_DURATION (seconds per scenario, default 10, max 60), BENCH_CONNECTIONS (default 4).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

interface Target {
  url: string;
  email: string;
  password: string;
  stop(): Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

function intEnv(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} must be a whole number from ${min} to ${max}`);
  return n;
}

async function startLocalApi(): Promise<Target> {
  const child: ChildProcess = fork(fileURLToPath(new URL('./benchServer.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const info = await new Promise<{ url: string; email: string; password: string }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as { url: string; email: string; password: string }));
    child.once('exit', (code) => reject(new Error(`benchmark API exited with ${code}`)));
  });
  return {
    ...info,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

function remoteTarget(url: string): Target {
  const parsed = new URL(url);
  if (!LOOPBACK.has(parsed.hostname)) throw new Error(`BENCH_URL must be a loopback address (127.0.0.1, localhost, ::1), not ${parsed.hostname}`);
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

interface Row {
  scenario: string;
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  '2xx': number;
  'non-2xx': number;
  errors: number;
}

async function main(): Promise<number> {
  const duration = intEnv('BENCH_DURATION', 10, 1, 60);
  const connections = intEnv('BENCH_CONNECTIONS', 4, 1, 64);
  const target = process.env.BENCH_URL ? remoteTarget(process.env.BENCH_URL) : await startLocalApi();
  try {
    const token = await login(target);
    console.log(`Benchmarking ${target.url}: ${duration} s per scenario, ${connections} connections`);
    const scenarios: { scenario: string; options: { method: 'GET' | 'POST'; url: string; headers: Record<string, string>; body?: string } }[] = [
      {
        scenario: 'password login (POST /um/login)',
        options: {
          method: 'POST',
          url: `${target.url}/um/login`,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: target.email, password: target.password }),
        },
      },
      {
        scenario: 'refresh (GET /um/refresh)',
        options: { method: 'GET', url: `${target.url}/um/refresh`, headers: { authorization: `Bearer ${token}` } },
      },
    ];
    const rows: Row[] = [];
    for (const s of scenarios) {
      const r = await autocannon({ ...s.options, connections, duration, timeout: 30 });
      rows.push({
        scenario: s.scenario,
        'req/s': Math.round(r.requests.average * 10) / 10,
        'p50 ms': r.latency.p50,
        'p99 ms': r.latency.p99,
        '2xx': r['2xx'],
        'non-2xx': r.non2xx,
        errors: r.errors + r.timeouts,
      });
    }
    console.table(rows);
    const [logins, refreshes] = rows;
    console.log(`password logins/s: ${logins!['req/s']}  (p99 ${logins!['p99 ms']} ms)`);
    console.log(`refreshes/s:       ${refreshes!['req/s']}  (p99 ${refreshes!['p99 ms']} ms)`);
    // Failed requests mean the figures measure error paths, not the calls: say so in the exit code.
    if (rows.some((r) => r['non-2xx'] > 0 || r.errors > 0)) {
      console.error('Some requests failed (non-2xx or errors): the figures above are not valid.');
      return 1;
    }
    return 0;
  } finally {
    await target.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
