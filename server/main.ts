import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

import { buildApp } from './app';
import { type AppConfig, ConfigError, loadConfig } from './config';
import type { Database } from './contracts';
import { assertDataDirFree, DataDirBusyError } from './db/dataDirLock';
import { pgliteDir } from './db/index';
import { DEFAULT_DEV_IDP_USERS, DEV_IDP_PASSWORD, startDevIdpForApi } from './devIdp/index';
import { seedDevSsoUsers } from './devIdp/seedDevSsoUsers';
import { MAILBOX_PATH } from './modules/dev/mailboxRoutes';
import { SAMPLE_AFTERMATH_PATH } from './modules/electron/routes/sampleRoutes';
import { SAMPLE_IOS_BACKUP_PATH } from './modules/gluon/routes/iosBackupSampleRoute';
import { SAMPLE_ANDROID_PATH, SAMPLE_SYSDIAGNOSE_PATH } from './modules/gluon/routes/sampleRoutes';
import { seedExampleRuleSets } from './modules/gluon/services/seedExamples';
import { SAMPLE_BACKUP_PASSWORD as SAMPLE_BACKUP_PASSWORD_TEXT } from './modules/inspection/public';
import { checkDeploymentIdentity, DeploymentIdentityError } from './ops/deploymentIdentity';
import { startStartupWatchdog } from './ops/startupWatchdog';
import { hashPassword, verifyPassword } from './services/passwords';
import { ALL_PERMISSIONS } from './services/users';

/** First start on an empty database: one tenant and an administrator with every permission. */
export async function bootstrapAdmin(
  db: Database,
  config: AppConfig,
): Promise<{ email: string; password: string | null; created: boolean }> {
  const [existing] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
  const email = config.adminEmail ?? 'admin@example.com';
  if ((existing?.n ?? 0) > 0) return { email, password: null, created: false };
  const password = config.adminPassword ?? randomBytes(12).toString('base64url');
  const hash = await hashPassword(password);
  await db.tx(async (q) => {
    const [tenant] = await q.query<{ id: string }>("INSERT INTO tenants (name) VALUES ('Default tenant') RETURNING id");
    await q.query('INSERT INTO users (tenant_id, email, password_hash, permissions) VALUES ($1, $2, $3, $4)', [
      tenant!.id,
      email,
      hash,
      [...ALL_PERMISSIONS],
    ]);
  });
  return { email, password, created: true };
}

/** Requests in flight get this long to finish on SIGTERM / SIGINT before the process exits anyway. */
const SHUTDOWN_LIMIT_S = 20;

async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const sharing = storageWarning(config);
  if (sharing) console.warn(sharing);
  // Every step of the start is named: one that does not finish in time stops the process with its name.
  const watchdog = startStartupWatchdog(config.startupTimeoutS * 1000);
  const step = watchdog.step;
  // A second start on the same PGlite folder stops here, before taking the IdP's port.
  if (!config.databaseUrl) {
    try {
      await step('PGlite folder lock', () => assertDataDirFree(pgliteDir(config.dataDir)));
    } catch (error) {
      if (error instanceof DataDirBusyError) {
        console.error(error.message);
        process.exit(1);
      }
      throw error;
    }
  }
  // The development identity provider starts first: it fills `config.idp` (issuers, client ids,
  // the confidential client's secret) that the sign-in routes read.
  let stopIdp: (() => Promise<void>) | null = null;
  let seedIdp: ((app: FastifyInstance) => Promise<void>) | null = null;
  if (config.idp.devIdp) {
    const started = await step('development identity provider (keys, port)', () => startDevIdpForApi(config));
    config = started.config;
    stopIdp = () => started.close();
    seedIdp = (app) => started.seed(app);
  }
  const app = await step(config.databaseUrl ? 'PostgreSQL: connect and migrate' : 'PGlite: open and migrate', () =>
    buildApp(config),
  );
  if (config.databaseUrl) {
    const signingKeyId = String(((await app.tokens.jwks()).keys[0] as { kid?: string } | undefined)?.kid ?? '');
    try {
      await step('deployment identity (issuer and signing key)', () =>
        checkDeploymentIdentity(
          app.db,
          { tokenIssuer: config.tokenIssuer, signingKeyId },
          { replace: config.replaceDeploymentIdentity },
        ),
      );
    } catch (error) {
      if (error instanceof DeploymentIdentityError) {
        console.error(error.message);
        await app.close();
        await stopIdp?.();
        process.exit(2);
      }
      throw error;
    }
  }
  const admin = await step('first-start administrator', () => bootstrapAdmin(app.db, config));
  if (config.gluon.seedExamples) await step('gluon example rule sets', () => seedExampleRuleSets(app.db, app.log));
  // Compute the dummy hash now, so the first unknown-user login takes no longer than the others.
  await step('password hashing warm-up', () => verifyPassword(null, 'warm-up'));
  // S2: the dev tenant's Okta settings and the corp.example vendor-IdP mapping (needs the tenant).
  await step('development identity provider settings', async () => {
    await seedIdp?.(app);
    if (seedIdp && admin.created) await seedDevSsoUsers(app);
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    let stage = 'answering requests in flight, then closing the database';
    const timer = setTimeout(() => {
      console.error(`The shutdown did not finish within ${SHUTDOWN_LIMIT_S} s (stuck: ${stage}); exiting anyway.`);
      process.exit(1);
    }, SHUTDOWN_LIMIT_S * 1000);
    timer.unref();
    try {
      // Stop accepting, let requests in flight finish, then close the database (app.close does all three).
      // A request answered during the drain leaves its keep-alive connection idle, and an idle
      // connection (a load balancer's, a browser's) would hold the close until its timeout.
      const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
      await app.close().finally(() => clearInterval(sweep));
      stage = 'stopping the development identity provider';
      await stopIdp?.();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await step(`listen on ${config.host}:${config.port}`, () => app.listen({ port: config.port, host: config.host }));
  await watchdog.finish();
  console.log(startBanner(config, admin, stopIdp !== null).join('\n') + '\n');
}

/**
 * Several instances on one PostgreSQL (production with DATABASE_URL) but files in a local folder:
 * what one instance stores, the others cannot read (downloads, crash reports, inspections by
 * another instance's worker fail). Said at every start; null when there is nothing to say.
 */
export function storageWarning(config: AppConfig): string | null {
  if (config.nodeEnv !== 'production' || !config.databaseUrl || config.gluon.s3) return null;
  return (
    `Warning: uploaded files are kept in the local folder ${config.gluon.storageDir} and are not shared with other API instances. ` +
    'With more than one instance, set STORAGE_URL=s3://bucket/prefix (an S3-compatible object store; docs/operations.md, "Several instances").'
  );
}

/**
 * What a developer needs after `npm start`, most needed first: the address, how to sign
 * in and the mailbox (invitations and resets land there), then the rest. `npm start` prints
 * nothing before it (the build's size table only with --verbose; scripts/start.mjs).
 */
export function startBanner(
  config: AppConfig,
  admin: { email: string; password: string | null; created: boolean },
  devIdp: boolean,
): string[] {
  const lines = ['', `  Console and API: ${config.publicUrl}`];
  if (admin.created) {
    lines.push(
      `  Sign in as ${admin.email} with password ${admin.password}${config.adminPassword ? ' (from ADMIN_PASSWORD)' : ' (generated; shown once)'}`,
    );
  } else {
    lines.push(`  Sign in with an existing account (npm run admin -- --help to manage users).`);
  }
  if (config.devMailbox)
    lines.push(
      `  Mailbox:         ${config.publicUrl}${MAILBOX_PATH} (mail the API sent: invitations, password resets)`,
    );
  lines.push(
    `  OpenAPI:         ${config.publicUrl}/openapi.json`,
    `  Database:        ${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}/pglite`}`,
  );
  if (config.gluon.seedExamples)
    lines.push(
      `  Sample upload:   ${config.publicUrl}${SAMPLE_SYSDIAGNOSE_PATH} (upload it on /gluon/upload: the example rule sets flag it)`,
    );
  if (config.gluon.seedExamples)
    lines.push(
      `  Android sample:  ${config.publicUrl}${SAMPLE_ANDROID_PATH} (an AndroidQF output the example Android rule set flags)`,
    );
  if (config.gluon.seedExamples)
    lines.push(
      `  iPhone backup:   ${config.publicUrl}${SAMPLE_IOS_BACKUP_PATH} (encrypted, password ${SAMPLE_BACKUP_PASSWORD_TEXT}: its SMS link is flagged)`,
      `  Mac sample:      ${config.publicUrl}${SAMPLE_AFTERMATH_PATH} (an Aftermath archive: upload it on /electron/upload)`,
    );
  lines.push(`  Operator CLI:    npm run admin -- --help (in another terminal, while this runs)`);
  if (devIdp) {
    const idpOrigin = `http://${config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host}:${config.idp.idpPort}`;
    lines.push(
      `  Development IdP: ${idpOrigin} (DEV_IDP=off to disable)`,
      `    SSO test users, password ${DEV_IDP_PASSWORD}: ${DEFAULT_DEV_IDP_USERS.filter((u) => u.emailVerified)
        .map((u) => u.email)
        .join(', ')}`,
      `    Okta domain to type on the login page: ${idpOrigin}`,
    );
  }
  const verbose = config.logLevel === 'info' || config.logLevel === 'debug' || config.logLevel === 'trace';
  lines.push(
    verbose
      ? `  Logs:            ${config.logLevel}, every request`
      : `  Logs:            ${config.logLevel} and above, no request lines (LOG_LEVEL=info shows them)`,
  );
  return lines;
}

const isEntry = process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (isEntry) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
