/**
 * The API for the benchmark, in its own process so the load generator does not share its
 * event loop: a fresh PGlite in a temporary folder (or the migrated-on-start PostgreSQL of
 * BENCH_DATABASE_URL, which bench.ts sets for BENCH_DATABASE=postgres), one tenant and one user
 * (no MFA).
 * Reports { url, email, password } to the parent over IPC; exits on SIGTERM.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { buildApp } from '../app';
import { loadConfig } from '../config';
import { generateSigningKeyPem } from '../plugins/keys';
import { hashPassword } from '../services/passwords';
import { ALL_PERMISSIONS } from '../services/users';
import { answerCpuRequests } from './ratioBench';

export const BENCH_EMAIL = 'bench@bench.example';
export const BENCH_PASSWORD = 'Bench-Passw0rd!';

async function start(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mtd-bench-'));
  // GLUON_WORKER off: the inspection queue's poller would share the database and the event loop
  // with the calls measured; the bench has no uploads for it to inspect.
  // On PostgreSQL, production requires the deployment's issuer (PUBLIC_URL) to be named.
  const postgres = process.env.BENCH_DATABASE_URL
    ? { DATABASE_URL: process.env.BENCH_DATABASE_URL, PUBLIC_URL: 'https://console.bench.example' }
    : {};
  const config = loadConfig({
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    DEV_IDP: 'off',
    STATIC_DIR: path.join(dataDir, 'no-console'),
    GLUON_WORKER: 'off',
    ...postgres,
  });
  const app = await buildApp(config, { signingKeyPem: generateSigningKeyPem(), logger: false });
  await app.db.tx(async (q) => {
    const [tenant] = await q.query<{ id: string }>("INSERT INTO tenants (name) VALUES ('Bench') RETURNING id");
    await q.query('INSERT INTO users (tenant_id, email, password_hash, permissions) VALUES ($1, $2, $3, $4)', [
      tenant!.id,
      BENCH_EMAIL,
      await hashPassword(BENCH_PASSWORD),
      [...ALL_PERMISSIONS],
    ]);
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const stop = async () => {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('disconnect', () => void stop());
  answerCpuRequests();
  process.send?.({ url: address, email: BENCH_EMAIL, password: BENCH_PASSWORD });
}

start().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
