import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';

import { buildApp, type BuildOverrides } from '../app';
import { type AppConfig, loadConfig } from '../config';
import type { Database } from '../contracts';
import { migrate } from '../db/migrate';
import { openPglite } from '../db/pglite';
import { openPostgres } from '../db/postgres';
import { base32Encode } from '../modules/auth/totp';
import { generateSigningKeyPem } from '../plugins/keys';
import { hashPassword } from '../services/passwords';
import { signAccessToken } from '../services/sessions';
import { ALL_PERMISSIONS } from '../services/users';

export const TEST_PUBLIC_URL = 'http://127.0.0.1:8080';

let signingKeyPem: string | null = null;
let templateBlob: Promise<Blob> | null = null;
const hashCache = new Map<string, Promise<string>>();

/** argon2 is slow on purpose; tests reuse one hash per distinct password. */
export function cachedHash(password: string): Promise<string> {
  let h = hashCache.get(password);
  if (!h) {
    h = hashPassword(password);
    hashCache.set(password, h);
  }
  return h;
}

/**
 * The URL of a new PostgreSQL database copied from the run's migrated template (server-pg project,
 * globalSetup server/test/postgres.ts); `prefix` names it, for a test that opens it more than once.
 */
export async function createTestPostgresUrl(prefix: string): Promise<string> {
  const adminUrl = inject('pgAdminUrl');
  if (!adminUrl)
    throw new Error('A PostgreSQL test database needs the server-pg project (globalSetup server/test/postgres.ts)');
  const name = `${prefix}_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplateDb')}`);
  } finally {
    await admin.end();
  }
  return adminUrl.replace(/\/postgres$/, `/${name}`);
}

/** A fresh, migrated database: PGlite from the run's template, or a new PostgreSQL database when TEST_DB=postgres. */
export async function createTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB === 'postgres') return openPostgres(await createTestPostgresUrl('t'), { max: 5 });
  const file = inject('pgliteTemplate');
  if (!file) {
    // Outside the `server` project (no globalSetup): slow path from an empty folder.
    const db = await openPglite();
    await migrate(db);
    return db;
  }
  templateBlob ??= readFile(file).then((b) => new Blob([b]));
  return openPglite({ loadDataDir: await templateBlob });
}

export interface TestUser {
  id: string;
  tenantId: string;
  email: string;
  password: string;
  permissions: string[];
  /** base32 secret when created with totp: true */
  totpSecret: string | null;
}

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  db: Database;
  createTenant(name?: string): Promise<string>;
  createUser(options?: {
    tenantId?: string;
    email?: string;
    password?: string | null;
    permissions?: readonly string[];
    totp?: boolean;
    disabled?: boolean;
    status?: 'invited' | 'active';
  }): Promise<TestUser>;
  /** A live session and its access token, without going through /um/login. */
  accessToken(user: TestUser, provider?: string): Promise<{ token: string; sessionId: string }>;
  /** POST /um/login; returns the parsed answer (throws on non-200). */
  login(
    email: string,
    password: string,
  ): Promise<{ token: string; user: { username: string; email: string; totpEnabled: boolean } }>;
  /** Rows of mail_outbox, newest last. */
  outbox(): Promise<{ to_address: string; subject: string; body_text: string }[]>;
  close(): Promise<void>;
}

/**
 * The API on a fresh database, quiet logger, DEV_IDP off. `env` adds or overrides
 * environment variables given to loadConfig.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    overrides?: BuildOverrides;
    /** adds routes or hooks before app.ready() */ beforeReady?: (app: FastifyInstance) => void | Promise<void>;
  } = {},
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: TEST_PUBLIC_URL,
    DEV_IDP: 'off',
    STATIC_DIR: '/nonexistent-static-dir',
    // Nothing should be written here (the database and key come from the test); a temp folder if something does.
    DATA_DIR: path.join(os.tmpdir(), `mtd-test-data-${process.pid}`),
    ...options.env,
  });
  signingKeyPem ??= generateSigningKeyPem();
  const db = options.overrides?.db ?? (await createTestDatabase());
  const app = await buildApp(config, { signingKeyPem, logger: false, ...options.overrides, db });
  await options.beforeReady?.(app);
  await app.ready();
  let defaultTenant: string | null = null;
  let counter = 0;
  const t: TestApp = {
    app,
    config,
    db,
    async createTenant(name = 'Test tenant') {
      const [row] = await db.query<{ id: string }>('INSERT INTO tenants (name) VALUES ($1) RETURNING id', [name]);
      return row!.id;
    },
    async createUser(o = {}) {
      const tenantId = o.tenantId ?? (defaultTenant ??= await t.createTenant());
      const email = (o.email ?? `user${++counter}-${randomUUID().slice(0, 8)}@example.com`).toLowerCase();
      const password = o.password === undefined ? 'Corr3ct-Horse!' : o.password;
      const permissions = [...(o.permissions ?? ALL_PERMISSIONS)];
      const totpSecret = o.totp ? base32Encode(crypto.getRandomValues(new Uint8Array(20))) : null;
      const [row] = await db.query<{ id: string }>(
        `INSERT INTO users (tenant_id, email, password_hash, permissions, totp_enabled, totp_secret, disabled, status)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [
          tenantId,
          email,
          password === null ? null : await cachedHash(password),
          permissions,
          !!o.totp,
          totpSecret,
          !!o.disabled,
          o.status ?? 'active',
        ],
      );
      return { id: row!.id, tenantId, email, password: password ?? '', permissions, totpSecret };
    },
    async accessToken(user, provider = 'password') {
      const session = await app.sessions.create({ userId: user.id, tenantId: user.tenantId, provider });
      const token = await signAccessToken(app.tokens, {
        userId: user.id,
        tenantId: user.tenantId,
        sessionId: session.id,
        perms: user.permissions,
        sessionExpiresAt: session.expiresAt,
      });
      return { token, sessionId: session.id };
    },
    async login(email, password) {
      const res = await app.inject({ method: 'POST', url: '/um/login', payload: { username: email, password } });
      if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
      return res.json();
    },
    outbox: () => db.query('SELECT to_address, subject, body_text FROM mail_outbox ORDER BY created_at, id'),
    close: () => app.close(),
  };
  return t;
}
