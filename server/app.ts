import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { AppConfig } from './config';
import type { Database, Mailer, TokenService } from './contracts';
import { openDatabase } from './db/index';
import { installAudit } from './plugins/audit';
import { installAuthenticate } from './plugins/authenticate';
import { errorBody, installErrorHandler } from './plugins/errorHandler';
import { loadSigningKey, signingKeyFromPem } from './plugins/keys';
import { createMailer } from './plugins/mailer';
import { installOperatorChannel } from './plugins/operatorChannel';
import { installSecurityHeaders, isApiPath } from './plugins/securityHeaders';
import { createTokenService } from './plugins/tokens';
import { installValidators } from './plugins/validators';
import { routeAreas } from './routes/index';
import { createBackgroundTasks, type BackgroundTasks } from './services/backgroundTasks';
import { scheduleCleanUp } from './services/housekeeping';
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
export type LogoutUrlProvider = (session: { id: string; userId: string; tenantId: string; providerData: unknown }) => Promise<string | undefined>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Per-instance limiter of failed sign-in attempts by client IP (see ARCHITECTURE.md). */
    failureLimiter: FailureLimiter;
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
    logger: overrides.logger ?? (config.nodeEnv === 'test' ? false : { level: config.logLevel }),
    bodyLimit: BODY_LIMIT,
    // The Contact Us call carries its message (≤ 200000 characters) in the query string (spec
    // section 7); percent-encoded that is up to ~1.8 MB, far above Node's 16 KiB header limit.
    http: { maxHeaderSize: MAX_HEADER_BYTES },
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    return503OnClosing: true,
  });
  installValidators(app);
  installErrorHandler(app);
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
    (await createTokenService(overrides.signingKeyPem ? signingKeyFromPem(overrides.signingKeyPem) : await loadSigningKey(config), config.publicUrl));
  app.decorate('tokens', tokens);
  // Stores are decorations built from what they use (here the database), like repositories.
  app.decorate('sessions', createSessionStore(db));
  const mailer = overrides.mailer ?? createMailer(db, app.log, config.smtpUrl);
  app.decorate('mailer', mailer);
  if ('close' in mailer && typeof mailer.close === 'function') app.addHook('onClose', async () => (mailer as { close(): void }).close());
  app.decorate('config', config);
  app.decorate('failureLimiter', createFailureLimiter(config.ipFailureLimit));
  app.decorate('logoutUrlProviders', new Map<string, LogoutUrlProvider>());
  const background = createBackgroundTasks(app.log);
  app.decorate('background', background);
  app.addHook('preClose', async () => background.drain());
  installAuthenticate(app);
  installAudit(app);
  const stopCleanUp = scheduleCleanUp(db, app.log);
  app.addHook('preClose', async () => stopCleanUp());

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'MTD console reference API',
        version: '0.1.0',
        description: 'User management, sign-in and product-backend calls used by the console. Errors answer { statusCode, error, message }.',
      },
      servers: [{ url: config.publicUrl }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  for (const area of routeAreas) await app.register(area);

  const staticDir = path.resolve(config.staticDir);
  const hasConsole = existsSync(path.join(staticDir, 'index.html'));
  if (hasConsole) {
    // build.mjs writes .br and .gz beside every script and stylesheet: send those when the browser accepts them.
    await app.register(fastifyStatic, { root: staticDir, index: ['index.html'], wildcard: false, serveDotFiles: false, preCompressed: true });
  }
  app.setNotFoundHandler(async (request, reply) => {
    // The console is a single-page app: any non-API GET that is not a file gets index.html.
    if (hasConsole && (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url)) {
      return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send(errorBody(404, `Route ${request.method} ${request.url.split('?')[0]} not found`));
  });
  return app;
}
