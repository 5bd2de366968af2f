/**
 * Two API instances on one PostgreSQL: `npx tsx server/bench/twoInstances.ts`, or
 * `npm run bench` when bench.ts calls `runTwoInstancesBench()`. Starts a throw-away PostgreSQL
 * (Debian's, as the server-pg tests do), two API processes sharing the database, the signing key
 * and PUBLIC_URL, checks that they agree (sign in on A, refresh on B, log out on A, refused on B),
 * then measures refresh and password sign-in on one instance and on both at once, under the same
 * load generator (BENCH_CONNECTIONS in all, split between the instances), and prints the ratio.
 * BENCH_DURATION seconds per scenario (default 10).
 */
import autocannon from 'autocannon';
import pg from 'pg';

import { migrate } from '../db/migrate';
import { openPostgres } from '../db/postgres';
import { generateSigningKeyPem } from '../plugins/keys';
import { hashPassword } from '../services/passwords';
import { ALL_PERMISSIONS } from '../services/users';
import { startPostgres } from '../test/postgres';
import { forkBenchServer, settle } from './ratioBench';

type LoadOptions = Parameters<typeof autocannon>[0];

const EMAIL = 'bench@two.example';
const PASSWORD = 'Bench-Two-Passw0rd!';
const PUBLIC_URL = 'https://console.bench.example';

type Instance = { url: string; stop(): Promise<void> };

/** Both instances get the same settings (the deployment's): passed in the environment they inherit. */
function startInstance(databaseUrl: string, signingKey: string): Promise<Instance> {
  Object.assign(process.env, {
    BENCH_TWO_DATABASE_URL: databaseUrl,
    BENCH_TWO_SIGNING_KEY: signingKey,
    BENCH_TWO_PUBLIC_URL: PUBLIC_URL,
  });
  return forkBenchServer<{ url: string }>('./twoInstancesServer.ts', 'API instance');
}

async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/um/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: EMAIL, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in on ${url} failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

const status = async (url: string, token: string) =>
  (await fetch(url, { headers: { authorization: `Bearer ${token}` } })).status;

/** Sign in on A, refresh on B, log out on A, refused on B: throws when the instances disagree. */
async function checkAgreement(a: string, b: string): Promise<void> {
  const token = await signIn(a);
  if ((await status(`${b}/um/refresh`, token)) !== 200) throw new Error('B refused a token of A');
  if ((await status(`${a}/um/logout`, token)) !== 200) throw new Error('logout on A failed');
  if ((await status(`${b}/um/refresh`, token)) !== 401) throw new Error('B accepted a token logged out on A');
}

interface Measured {
  rate: number;
  p99: number;
  non2xx: number;
}

/** The same load spread over the targets at once (connections split between them); rates summed. */
async function measure(targets: LoadOptions[], connections: number, duration: number): Promise<Measured> {
  const share = Math.max(1, Math.floor(connections / targets.length));
  const results = await Promise.all(
    targets.map((t) => autocannon({ ...t, connections: share, duration, timeout: 30 })),
  );
  await settle();
  return {
    rate: Math.round(results.reduce((sum, r) => sum + r.requests.average, 0) * 10) / 10,
    p99: Math.max(...results.map((r) => r.latency.p99)),
    non2xx: results.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0),
  };
}

export async function runTwoInstancesBench(options: { duration?: number; connections?: number } = {}): Promise<void> {
  const duration = options.duration ?? Number(process.env.BENCH_DURATION || 10);
  const connections = options.connections ?? Number(process.env.BENCH_CONNECTIONS || 4);
  const server = await startPostgres();
  const instances: Instance[] = [];
  try {
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    await admin.query('CREATE DATABASE bench_two');
    await admin.end();
    const databaseUrl = server.url.replace(/\/postgres$/, '/bench_two');
    const db = await openPostgres(databaseUrl, { max: 1 });
    try {
      await migrate(db);
      const [tenant] = await db.query<{ id: string }>("INSERT INTO tenants (name) VALUES ('Bench') RETURNING id");
      await db.query('INSERT INTO users (tenant_id, email, password_hash, permissions) VALUES ($1, $2, $3, $4)', [
        tenant!.id,
        EMAIL,
        await hashPassword(PASSWORD),
        [...ALL_PERMISSIONS],
      ]);
    } finally {
      await db.close();
    }
    const signingKey = generateSigningKeyPem();
    // One after the other: the second meets the identity the first recorded.
    instances.push(await startInstance(databaseUrl, signingKey));
    instances.push(await startInstance(databaseUrl, signingKey));
    const [a, b] = instances.map((i) => i.url) as [string, string];
    await checkAgreement(a, b);
    console.log(`Two API instances on one PostgreSQL (${a}, ${b}): tokens agree, logout on A is refused on B.`);

    const token = await signIn(a);
    const refresh = (url: string): LoadOptions => ({
      url: `${url}/um/refresh`,
      method: 'GET',
      headers: { authorization: `Bearer ${token}` },
    });
    const login = (url: string): LoadOptions => ({
      url: `${url}/um/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: EMAIL, password: PASSWORD }),
    });
    const rows = [
      { scenario: 'refresh, instance A alone', ...(await measure([refresh(a)], connections, duration)) },
      { scenario: 'refresh, A and B together', ...(await measure([refresh(a), refresh(b)], connections, duration)) },
      { scenario: 'password login, instance A alone', ...(await measure([login(a)], connections, duration)) },
      { scenario: 'password login, A and B together', ...(await measure([login(a), login(b)], connections, duration)) },
    ];
    console.table(
      rows.map((r) => ({ scenario: r.scenario, 'req/s': r.rate, 'p99 ms': r.p99, 'non-2xx/errors': r.non2xx })),
    );
    console.log(
      `two instances / one: refresh ${(rows[1]!.rate / rows[0]!.rate).toFixed(2)}, password login ${(rows[3]!.rate / rows[2]!.rate).toFixed(2)} (${connections} connections in all)`,
    );
  } finally {
    await Promise.all(instances.map((i) => i.stop()));
    await server.stop();
  }
}

const isEntry = process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (isEntry) {
  runTwoInstancesBench().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
