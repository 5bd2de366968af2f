import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';

import type { AppConfig } from './config';
import type { Database, Mailer, TokenService } from './contracts';
import { openDatabase } from './db/index';
import { registerModules } from './modules/defineModule';
import { apiModules, openApiTags } from './modules/index';
import { withLogSerializers } from './ops/logSerializers';
import { installAudit } from './plugins/audit';
import { installAuthenticate } from './plugins/authenticate';
import { clientErrorHandler, frameworkErrorHandler, installErrorHandler } from './plugins/errorHandler';
import { loadSigningKey, signingKeyFromPem } from './plugins/keys';
import { createMailer } from './plugins/mailer';
import { installOperatorChannel } from './plugins/operatorChannel';
import { contentSecurityPolicy, installSecurityHeaders } from './plugins/securityHeaders';
import { installStaticAssets } from './plugins/staticAssets';
import { installStringGuard } from './plugins/stringGuard';
import { createTokenService } from './plugins/tokens';
import { fastifyTrustProxy } from './plugins/trustedProxies';
import { installValidators } from './plugins/validators';
import { installJobQueue } from './queue';
import { type AttemptsInFlight, createAttemptsInFlight } from './services/attemptsInFlight';
import { type BackgroundTasks, createBackgroundTasks } from './services/backgroundTasks';
import { registerHousekeepingJobs } from './services/housekeeping';
import { createFailureLimiter, type FailureLimiter } from './services/rateLimit';
import { createSessionStore } from './services/sessionStore';

export interface BuildOverrides {
  /** Use this database (already migrated) instead of opening the configured one; closed with the app. */
  db?: Database;
  /** With `db`: leave it open on app.close() (several app instances sharing one database in tests). */
  keepDbOpen?: boolean;
  /** Ed25519 private key (PKCS#8 PEM) instead of SIGNING_KEY_FILE / KEYS_DIR. */
  signingKeyPem?: string;
  mailer?: Mailer;
  tokens?: TokenService;
  /** Fastify logger option; default: LOG_LEVEL (warn in development, info in production), off when NODE_ENV=test. */
  logger?: FastifyServerOptions['logger'];
}

/** Where a provider's end-session URL comes from at logout; S2 registers JamfAuth0's. */
export type LogoutUrlProvider = (session: {
  id: string;
  userId: string;
  tenantId: string;
  providerData: unknown;
}) => Promise<string | undefined>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Limiter of failed sign-in attempts by client IP, kept in the database (see ARCHITECTURE.md). */
    failureLimiter: FailureLimiter;
    /** Secret checks this instance is running and has not recorded yet (services/attemptsInFlight.ts). */
    attemptsInFlight: AttemptsInFlight;
    /** provider name -> end-session URL builder, consulted by GET /um/logout. */
    logoutUrlProviders: Map<string, LogoutUrlProvider>;
    /** Work finished after the answer (mails); drained on close. */
    background: BackgroundTasks;
  }
}

export const BODY_LIMIT = 1024 * 1024;
/** Request line + headers (see the Fastify options below). */
export const MAX_HEADER_BYTES = 2 * 1024 * 1024;

/** Builds the API (not listening). Close it with `app.close()`: the database closes with it. */
export async function buildApp(config: AppConfig, overrides: BuildOverrides = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // Request lines name the route, never a URL carrying a link secret (ops/logSerializers.ts).
    logger: withLogSerializers(overrides.logger ?? (config.nodeEnv === 'test' ? false : { level: config.logLevel })),
    bodyLimit: BODY_LIMIT,
    // The Contact Us call carries its message (≤ 200000 characters) in the query string (spec
    // section 7); percent-encoded that is up to ~1.8 MB, far above Node's 16 KiB header limit.
    http: { maxHeaderSize: MAX_HEADER_BYTES },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
    return503OnClosing: true,
    // Router and socket errors answer in the one error shape with the security headers.
    frameworkErrors: frameworkErrorHandler(config),
    clientErrorHandler: clientErrorHandler(config),
  });
  installValidators(app);
  installErrorHandler(app);
  installStringGuard(app);
  installSecurityHeaders(app, config);

  const opened = overrides.db ? null : await openDatabase(config);
  const db = overrides.db ?? opened!;
  app.decorate('db', db);
  // This process holds the PGlite folder: operator commands (npm run admin) run here meanwhile.
  if (opened?.lock) installOperatorChannel(app, opened.lock);
  if (!(overrides.db && overrides.keepDbOpen)) {
    app.addHook('onClose', async () => {
      await db.close();
    });
  }
  const tokens =
    overrides.tokens ??
    (await createTokenService(
      overrides.signingKeyPem ? signingKeyFromPem(overrides.signingKeyPem) : await loadSigningKey(config),
      config.publicUrl,
      config.tokenIssuer,
    ));
  app.decorate('tokens', tokens);
  // Stores are decorations built from what they use (here the database), like repositories.
  app.decorate('sessions', createSessionStore(db));
  const mailer = overrides.mailer ?? createMailer(db, app.log, config.smtpUrl);
  app.decorate('mailer', mailer);
  if ('close' in mailer && typeof mailer.close === 'function')
    app.addHook('onClose', async () => (mailer as { close(): void }).close());
  app.decorate('config', config);
  app.decorate('failureLimiter', createFailureLimiter(db, config.ipFailureLimit));
  app.decorate('attemptsInFlight', createAttemptsInFlight());
  app.decorate('logoutUrlProviders', new Map<string, LogoutUrlProvider>());
  const background = createBackgroundTasks(app.log);
  app.decorate('background', background);
  app.addHook('preClose', async () => background.drain());
  installAuthenticate(app);
  installAudit(app);
  const queue = installJobQueue(app);
  await registerHousekeepingJobs(queue, db);

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'MTD console reference API',
        version: '0.1.0',
        description:
          'User management, sign-in and product-backend calls used by the console. Errors answer { statusCode, error, message }.',
      },
      servers: [{ url: config.publicUrl }],
      tags: openApiTags,
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  // Dependencies first; an unknown dependency or a cycle fails here, at start.
  await registerModules(app, apiModules);

  await installStaticAssets(app, {
    staticDir: config.staticDir,
    production: config.nodeEnv === 'production',
    cspFor: (nonce) => contentSecurityPolicy(config, nonce),
  });
  return app;
}
