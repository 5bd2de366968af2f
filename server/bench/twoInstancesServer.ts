/**
 * One API instance of the two-instance benchmark (twoInstances.ts): PostgreSQL, signing key and
 * PUBLIC_URL from BENCH_TWO_* (the same for every instance), the deployment identity check
 * main.ts runs. Reports its URL over IPC; exits on SIGTERM or when the parent goes.
 */
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { checkDeploymentIdentity } from '../ops/deploymentIdentity';

async function start(): Promise<void> {
  const config = loadConfig({
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    DATABASE_URL: process.env.BENCH_TWO_DATABASE_URL,
    PUBLIC_URL: process.env.BENCH_TWO_PUBLIC_URL,
    DEV_IDP: 'off',
    STATIC_DIR: '/nonexistent-static-dir',
    // The load generator signs in from one address far more often than a person would.
    IP_FAILURE_LIMIT: '1000000',
    // No inspection poller sharing the database and event loop with the calls measured (no uploads here).
    GLUON_WORKER: 'off',
  });
  const app = await buildApp(config, { signingKeyPem: process.env.BENCH_TWO_SIGNING_KEY, logger: false });
  const signingKeyId = String(((await app.tokens.jwks()).keys[0] as { kid?: string }).kid);
  await checkDeploymentIdentity(app.db, { tokenIssuer: config.tokenIssuer, signingKeyId });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const stop = async () => {
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('disconnect', () => void stop());
  process.send?.({ url });
}

start().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
